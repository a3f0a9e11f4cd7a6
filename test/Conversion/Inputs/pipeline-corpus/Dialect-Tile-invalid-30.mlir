func.func @dot_acc_type(%a: tensor<16x16xf16>, %b: tensor<16x8xf16>, %c: tensor<16x8xf16>) {
  %d = tile.dot %a, %b, %c : tensor<16x16xf16>, tensor<16x8xf16> -> tensor<16x8xf16>
  return
}

