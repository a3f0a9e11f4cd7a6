module {
  func.func @not_a_layout(%arg0: !tile.view<f32, 2>) attributes {tilegpu.shared_bytes = 0 : i64, tile.kernel, tile.num_warps = 1 : i32} {
    return
  }
}

