func.func @overflow(%a: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x4611686018427387904xf16>
  %y = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<4611686018427387904x16xf16>
  %z = arith.constant dense<0.0> : tensor<64x16xf32>
  %d = tile.dot %x, %y, %z : tensor<64x4611686018427387904xf16>, tensor<4611686018427387904x16xf16> -> tensor<64x16xf32>
  tile.store %d, %o[%c0, %c0] : tensor<64x16xf32> -> !tile.view<f32, 2>
  return
}

