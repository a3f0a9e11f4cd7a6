func.func @replicated_rows(%a: !tile.view<f16, 2>, %o: !tile.view<f32, 1>, %i: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %x = tile.load %a[%i, %i] : !tile.view<f16, 2> -> tensor<32x16xf16>
  %y = tile.load %a[%i, %i] : !tile.view<f16, 2> -> tensor<16x16xf16>
  %c = arith.constant dense<0.0> : tensor<32x16xf32>
  %d = tile.dot %x, %y, %c : tensor<32x16xf16>, tensor<16x16xf16> -> tensor<32x16xf32>
  %r = tile.reduce max %d axis 1 : tensor<32x16xf32> -> tensor<32xf32>
  tile.store %r, %o[%i] : tensor<32xf32> -> !tile.view<f32, 1>
  %z = tile.load %a[%i, %i] : !tile.view<f16, 2> -> tensor<16x16xf16>
  %c2 = arith.constant dense<0.0> : tensor<16x16xf32>
  %e = tile.dot %z, %y, %c2 : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
  %s = tile.reduce sum %e axis 1 : tensor<16x16xf32> -> tensor<16xf32>
  tile.store %s, %o[%i] : tensor<16xf32> -> !tile.view<f32, 1>
  return
}

