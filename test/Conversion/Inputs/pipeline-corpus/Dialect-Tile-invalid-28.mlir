func.func @dot_operand_type(%a: tensor<16x16xf32>, %b: tensor<16x8xf32>, %c: tensor<16x8xf32>) {
  %d = tile.dot %a, %b, %c : tensor<16x16xf32>, tensor<16x8xf32> -> tensor<16x8xf32>
  return
}

