func.func @pv(%v: !tile.view<f16, 2>, %c: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %p = arith.constant dense<1.0> : tensor<16x16xf16>
  %vt = tile.load %v[%c0, %c0] : !tile.view<f16, 2> -> tensor<16x16xf16>
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = tile.dot %p, %vt, %z : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
  tile.store %d, %c[%c0, %c0] : tensor<16x16xf32> -> !tile.view<f32, 2>
  return
}

