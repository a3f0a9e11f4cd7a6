func.func @expand_axis(%x: tensor<16xf32>) {
  %t = tile.expand_dims %x axis 2 : tensor<16xf32> -> tensor<16x1xf32>
  return
}

