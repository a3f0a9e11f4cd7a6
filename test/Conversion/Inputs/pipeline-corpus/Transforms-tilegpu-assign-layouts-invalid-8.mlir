func.func @expand_axis2(%a: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x16xf16>
  %y = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<16x16xf16>
  %z = arith.constant dense<0.0> : tensor<64x16xf32>
  %d = tile.dot %x, %y, %z : tensor<64x16xf16>, tensor<16x16xf16> -> tensor<64x16xf32>
  %r = tile.reduce max %d axis 1 : tensor<64x16xf32> -> tensor<64xf32>
  %e = tile.expand_dims %r axis 1 : tensor<64xf32> -> tensor<64x1xf32>
  %f = tile.expand_dims %e axis 2 : tensor<64x1xf32> -> tensor<64x1x1xf32>
  %g = tile.reduce max %f axis 1 : tensor<64x1x1xf32> -> tensor<64x1xf32>
  %b = tile.broadcast %g : tensor<64x1xf32> -> tensor<64x16xf32>
  tile.store %b, %o[%c0, %c0] : tensor<64x16xf32> -> !tile.view<f32, 2>
  return
}

