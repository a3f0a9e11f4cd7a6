module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @stage_view_without_offset(%arg0: i32) attributes {tile.kernel, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 0 : i64} {
    return
  }
}

