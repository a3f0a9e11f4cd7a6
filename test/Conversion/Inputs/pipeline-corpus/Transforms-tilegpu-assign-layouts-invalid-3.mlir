func.func private @helper(tensor<16x8xf32>)
func.func @tile_call(%x: f32) {
  %s = tile.splat %x : f32 -> tensor<16x8xf32>
  func.call @helper(%s) : (tensor<16x8xf32>) -> ()
  return
}

