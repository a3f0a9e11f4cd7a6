func.func @narrow_first(%a: !tile.view<f32, 2>, %b: !tile.view<f16, 2>, %o: !tile.view<f32, 2>, %i: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %x = tile.load %a[%i, %i] : !tile.view<f32, 2> -> tensor<64x64xf32>
  %h = tile.load %b[%i, %i] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %y = arith.extf %h : tensor<64x64xf16> to tensor<64x64xf32>
  %s = arith.addf %x, %y : tensor<64x64xf32>
  tile.store %s, %o[%i, %i] : tensor<64x64xf32> -> !tile.view<f32, 2>
  return
}

