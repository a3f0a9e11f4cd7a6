module {
  func.func @splat_without_layout(%arg0: f32) attributes {tilegpu.shared_bytes = 0 : i64, tile.kernel, tile.num_warps = 1 : i32} {
    return
  }
}

