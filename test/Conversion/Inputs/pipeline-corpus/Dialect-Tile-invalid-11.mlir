func.func @to_scalar_elements(%t: tensor<2xf32>) {
  %s = tile.to_scalar %t : tensor<2xf32> -> f32
  return
}

