func.func @pv(%v: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %p = arith.constant dense<1.0> : tensor<64x64xf16>
  %vv = tile.load %v[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x128xf16>
  %z = arith.constant dense<0.0> : tensor<64x128xf32>
  %d = tile.dot %p, %vv, %z : tensor<64x64xf16>, tensor<64x128xf16> -> tensor<64x128xf32>
  tile.store %d, %o[%c0, %c0] : tensor<64x128xf32> -> !tile.view<f32, 2>
  return
}

