func.func @dot_inner(%a: tensor<16x32xf16>, %b: tensor<16x8xf16>, %c: tensor<16x8xf32>) {
  %d = tile.dot %a, %b, %c : tensor<16x32xf16>, tensor<16x8xf16> -> tensor<16x8xf32>
  return
}

