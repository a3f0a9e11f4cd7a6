func.func @dot_mixed(%a: tensor<16x16xf16>, %b: tensor<16x8xbf16>, %c: tensor<16x8xf32>) {
  %d = tile.dot %a, %b, %c : tensor<16x16xf16>, tensor<16x8xbf16> -> tensor<16x8xf32>
  return
}

