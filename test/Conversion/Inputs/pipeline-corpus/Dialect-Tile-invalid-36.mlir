func.func @reduce_element(%x: tensor<16x8xf32>) {
  %r = tile.reduce max %x axis 1 : tensor<16x8xf32> -> tensor<16xf16>
  return
}

