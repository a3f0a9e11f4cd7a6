#grid = affine_map<()[s0] -> (s0)>
func.func @plain(%x: !tile.view<f32, 1> {tile.role = "input", tile.shape = ["N"]})
    attributes {tile.kernel, tile.grid = #grid, tile.sizes = ["N"]} {
  %p = tile.program_id 0
  "test.use"(%p) : (i32) -> ()
  return
}

