func.func @shared_operands_in_registers(%x: !tile.view<f16, 2>, %w: !tile.view<f16, 2>, %o: !tile.view<f32, 2>, %s: !tile.view<f32, 1>, %y: !tile.view<f16, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %a = tile.load %x[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %b = tile.load %w[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %z = arith.constant dense<0.0> : tensor<64x64xf32>
  %d = tile.dot %a, %b, %z : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
  %af = arith.extf %a : tensor<64x64xf16> to tensor<64x64xf32>
  %sq = arith.mulf %af, %af : tensor<64x64xf32>
  %r = arith.addf %d, %sq : tensor<64x64xf32>
  tile.store %r, %o[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  %m = tile.reduce max %b axis 0 : tensor<64x64xf16> -> tensor<64xf16>
  %mf = arith.extf %m : tensor<64xf16> to tensor<64xf32>
  tile.store %mf, %s[%c0] : tensor<64xf32> -> !tile.view<f32, 1>
  tile.store %b, %y[%c0, %c0] : tensor<64x64xf16> -> !tile.view<f16, 2>
  return
}

