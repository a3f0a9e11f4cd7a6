module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @unpipelined(%arg0: !tile.view<f16, 2> {tile.role = "input"}, %arg1: i32) attributes {tile.kernel, tile.num_stages = 1 : i32, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 0 : i64} {
    return
  }
}

