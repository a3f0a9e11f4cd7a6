func.func @reduce_shape(%x: tensor<16x8xf32>) {
  %r = tile.reduce max %x axis 1 : tensor<16x8xf32> -> tensor<8xf32>
  return
}

