func.func @replicated(%o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c = arith.constant dense<1.0> : tensor<32x16xf32, #tilegpu.mma<warpsM = 2, warpsN = 1>>
  tile.store %c, %o[%c0, %c0] : tensor<32x16xf32, #tilegpu.mma<warpsM = 2, warpsN = 1>> -> !tile.view<f32, 2>
  return
}

