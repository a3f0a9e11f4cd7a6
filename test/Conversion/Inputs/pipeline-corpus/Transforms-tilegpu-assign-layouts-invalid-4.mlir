func.func @laid_out(%o: !tile.view<f32, 2>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : i32
  %z = arith.constant dense<1.0> : tensor<64x16xf32, #tilegpu.mma<warpsM = 4, warpsN = 1>>
  tile.store %z, %o[%c0, %c0] : tensor<64x16xf32, #tilegpu.mma<warpsM = 4, warpsN = 1>> -> !tile.view<f32, 2>
  return
}

