func.func @broadcast_chain(%x: tensor<16x1x1xf32>) -> tensor<16x4x8xf32> {
  %a = tile.broadcast %x : tensor<16x1x1xf32> -> tensor<16x4x1xf32>
  %b = tile.broadcast %a : tensor<16x4x1xf32> -> tensor<16x4x8xf32>
  return %b : tensor<16x4x8xf32>
}

