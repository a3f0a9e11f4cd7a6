func.func @broadcast_identity(%x: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %b = tile.broadcast %x : tensor<16x8xf32> -> tensor<16x8xf32>
  return %b : tensor<16x8xf32>
}

