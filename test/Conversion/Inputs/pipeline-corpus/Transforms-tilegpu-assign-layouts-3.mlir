func.func @rows_as_cols(%a: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %c = arith.constant dense<0.0> : tensor<64x64xf32>
  %h = tile.dot %x, %x, %c : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
  %r = tile.reduce max %h axis 1 : tensor<64x64xf32> -> tensor<64xf32>
  %e = tile.expand_dims %r axis 0 : tensor<64xf32> -> tensor<1x64xf32>
  %b = tile.broadcast %e : tensor<1x64xf32> -> tensor<64x64xf32>
  %s = arith.addf %h, %b : tensor<64x64xf32>
  tile.store %s, %o[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  return
}

