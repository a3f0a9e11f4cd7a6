func.func @broadcast_element(%x: tensor<16x1xf32>) {
  %t = tile.broadcast %x : tensor<16x1xf32> -> tensor<16x8xf16>
  return
}

