module {
  func.func @iota_without_layout() attributes {tilegpu.shared_bytes = 0 : i64, tile.kernel, tile.num_warps = 1 : i32} {
    return
  }
}

