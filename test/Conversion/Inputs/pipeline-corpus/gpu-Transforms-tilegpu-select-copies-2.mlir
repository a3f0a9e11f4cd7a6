module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @program_tiles(%arg0: !tile.view<f16, 2> {tile.role = "input"}, %arg1: !tile.view<f16, 2> {tile.role = "input"}, %arg2: !tile.view<f16, 2> {tile.role = "output"}, %arg3: i32, %arg4: i32) attributes {tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 4 : i32, tile.warp_specialize = true, tilegpu.shared_bytes = 0 : i64} {
    return
  }
  func.func @plain(%arg0: !tile.view<f16, 2> {tile.role = "input"}, %arg1: !tile.view<f16, 2> {tile.role = "input"}, %arg2: i32, %arg3: i32) attributes {tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 0 : i64} {
    return
  }
  func.func @one_program(%arg0: !tile.view<f16, 2> {tile.role = "input"}, %arg1: !tile.view<f16, 2> {tile.role = "input"}, %arg2: i32) attributes {tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 4 : i32, tile.warp_specialize = true, tilegpu.shared_bytes = 0 : i64} {
    return
  }
}

