func.func @reduce3(%a: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x16xf16>
  %y = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<16x16xf16>
  %z = arith.constant dense<0.0> : tensor<64x16xf32>
  %d = tile.dot %x, %y, %z : tensor<64x16xf16>, tensor<16x16xf16> -> tensor<64x16xf32>
  %e = tile.expand_dims %d axis 2 : tensor<64x16xf32> -> tensor<64x16x1xf32>
  %r = tile.reduce max %e axis 2 : tensor<64x16x1xf32> -> tensor<64x16xf32>
  tile.store %r, %o[%c0, %c0] : tensor<64x16xf32> -> !tile.view<f32, 2>
  return
}
