func.func @big(%a: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<256x128xf16>
  %y = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<128x256xf16>
  %z = arith.constant dense<0.0> : tensor<256x256xf32>
  %d = tile.dot %x, %y, %z : tensor<256x128xf16>, tensor<128x256xf16> -> tensor<256x256xf32>
  tile.store %d, %o[%c0, %c0] : tensor<256x256xf32> -> !tile.view<f32, 2>
  return
}

