func.func @broadcast_splat(%x: f32) -> tensor<16x8xf32> {
  %s = tile.splat %x : f32 -> tensor<16x1xf32>
  %b = tile.broadcast %s : tensor<16x1xf32> -> tensor<16x8xf32>
  return %b : tensor<16x8xf32>
}

