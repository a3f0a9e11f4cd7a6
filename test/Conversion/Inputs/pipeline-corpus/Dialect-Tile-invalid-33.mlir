func.func @reduce_axis(%x: tensor<16x8xf32>) {
  %r = tile.reduce max %x axis 2 : tensor<16x8xf32> -> tensor<16xf32>
  return
}

