func.func @unknown_size(%x: !tile.view<f32, 1> {tile.role = "input", tile.shape = ["N"]})
    attributes {tile.kernel, tile.grid = affine_map<()[s0, s1] -> (s0, s1)>, tile.sizes = ["N", "M"], tile.persistent = true} {
  return
}

