func.func @partial_fragment(%a: !tile.view<f16, 2>, %o: !tile.view<f32, 2>, %i: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %x = tile.load %a[%i, %i] : !tile.view<f16, 2> -> tensor<8x16xf16>
  %y = tile.load %a[%i, %i] : !tile.view<f16, 2> -> tensor<16x16xf16>
  %c = arith.constant dense<0.0> : tensor<8x16xf32>
  %d = tile.dot %x, %y, %c : tensor<8x16xf16>, tensor<16x16xf16> -> tensor<8x16xf32>
  tile.store %d, %o[%i, %i] : tensor<8x16xf32> -> !tile.view<f32, 2>
  return
}

