#grid3 = affine_map<()[s0, s1] -> (s1 floordiv 2, 3, s0 mod 5)>
func.func @three_axes(%a: !tile.view<f16, 1> {tile.role = "input", tile.shape = ["K"]},
                      %b: !tile.view<f16, 2> {tile.role = "input", tile.shape = [4, "M"]})
    attributes {tile.kernel, tile.grid = #grid3, tile.sizes = ["K", "M"], tile.persistent = true} {
  %p0 = tile.program_id 0
  %p1 = tile.program_id 1
  %p2 = tile.program_id 2
  "test.use"(%p0, %p1, %p2) : (i32, i32, i32) -> ()
  return
}

