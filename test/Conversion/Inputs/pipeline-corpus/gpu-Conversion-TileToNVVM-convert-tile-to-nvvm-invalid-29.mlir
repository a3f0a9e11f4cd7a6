module {
  func.func @stage_view_without_offset(%arg0: i32) attributes {tilegpu.shared_bytes = 0 : i64, tile.kernel, tile.num_warps = 4 : i32} {
    return
  }
}

