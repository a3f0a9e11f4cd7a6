func.func @broadcast_dim(%x: tensor<16x2xf32>) {
  %t = tile.broadcast %x : tensor<16x2xf32> -> tensor<16x8xf32>
  return
}

