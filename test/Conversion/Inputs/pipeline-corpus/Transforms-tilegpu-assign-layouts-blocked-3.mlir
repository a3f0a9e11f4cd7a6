func.func @dot_and_copy(%a: !tile.view<f16, 2>, %o: !tile.view<f32, 2>, %p: !tile.view<f16, 1>, %q: !tile.view<f16, 1>, %i: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %x = tile.load %a[%i, %i] : !tile.view<f16, 2> -> tensor<64x16xf16>
  %y = tile.load %a[%i, %i] : !tile.view<f16, 2> -> tensor<16x16xf16>
  %z = arith.constant dense<0.0> : tensor<64x16xf32>
  %d = tile.dot %x, %y, %z : tensor<64x16xf16>, tensor<16x16xf16> -> tensor<64x16xf32>
  %c = tile.reduce sum %d axis 0 : tensor<64x16xf32> -> tensor<16xf32>
  %e = tile.expand_dims %c axis 0 : tensor<16xf32> -> tensor<1x16xf32>
  %b = tile.broadcast %e : tensor<1x16xf32> -> tensor<64x16xf32>
  tile.store %b, %o[%i, %i] : tensor<64x16xf32> -> !tile.view<f32, 2>
  %v = tile.load %p[%i] : !tile.view<f16, 1> -> tensor<2048xf16>
  tile.store %v, %q[%i] : tensor<2048xf16> -> !tile.view<f16, 1>
  return
}

