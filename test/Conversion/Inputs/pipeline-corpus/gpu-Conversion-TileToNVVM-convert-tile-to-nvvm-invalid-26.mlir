module {
  func.func @shared_load_padding(%arg0: !tile.view<f16, 2>) attributes {tilegpu.shared_bytes = 0 : i64, tile.kernel, tile.num_warps = 1 : i32} {
    return
  }
}

