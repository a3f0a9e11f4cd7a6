#grid = affine_map<()[s0, s1] -> (s1 ceildiv 128, s0)>
func.func @fa(%q: !tile.view<f16, 3> {tile.role = "input", tile.shape = ["BH", "N", 64]})
    attributes {tile.kernel, tile.grid = #grid, tile.sizes = ["BH", "N"], tile.persistent = true} {
  %p0 = tile.program_id 0
  %p1 = tile.program_id 1
  %p2 = tile.program_id 2
  %n0 = tile.num_programs 0
  %n1 = tile.num_programs 1
  %n2 = tile.num_programs 2
  "test.use"(%p0, %p1, %p2, %n0, %n1, %n2) : (i32, i32, i32, i32, i32, i32) -> ()
  return
}

