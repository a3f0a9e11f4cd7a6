func.func @expand_shape(%x: tensor<16xf32>) {
  %t = tile.expand_dims %x axis 0 : tensor<16xf32> -> tensor<16x1xf32>
  return
}

