func.func @reduce_rank(%x: tensor<16xf32>) {
  %r = tile.reduce sum %x axis 0 : tensor<16xf32> -> tensor<1xf32>
  return
}

