func.func @expand_element(%x: tensor<16xf32>) {
  %t = tile.expand_dims %x axis 0 : tensor<16xf32> -> tensor<1x16xf16>
  return
}

