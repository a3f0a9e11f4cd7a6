func.func @tile_result(%x: f32) -> tensor<16x8xf32> {
  %s = tile.splat %x : f32 -> tensor<16x8xf32>
  return %s : tensor<16x8xf32>
}

