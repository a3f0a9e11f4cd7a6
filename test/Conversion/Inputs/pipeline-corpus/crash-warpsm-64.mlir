func.func @k(%o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %z = arith.constant dense<1.0> : tensor<128x16xf32, #tilegpu.mma<warpsM = 64, warpsN = 1>>
  tile.store %z, %o[%c0, %c0] : tensor<128x16xf32, #tilegpu.mma<warpsM = 64, warpsN = 1>> -> !tile.view<f32, 2>
  return
}
