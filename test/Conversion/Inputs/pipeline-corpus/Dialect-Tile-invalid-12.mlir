func.func @to_scalar_type(%t: tensor<1x1xf32>) {
  %s = tile.to_scalar %t : tensor<1x1xf32> -> f16
  return
}

