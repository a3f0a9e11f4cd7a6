func.func @dot_acc_shape(%a: tensor<16x16xf16>, %b: tensor<16x8xf16>, %c: tensor<16x16xf32>) {
  %d = tile.dot %a, %b, %c : tensor<16x16xf16>, tensor<16x8xf16> -> tensor<16x16xf32>
  return
}

