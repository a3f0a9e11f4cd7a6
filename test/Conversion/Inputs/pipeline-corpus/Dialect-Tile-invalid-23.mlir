func.func @broadcast_rank(%x: tensor<16x1xf32>) {
  %t = tile.broadcast %x : tensor<16x1xf32> -> tensor<16x4x4xf32>
  return
}

