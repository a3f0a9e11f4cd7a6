module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @convert_layout_without_offset(%arg0: !tile.view<f16, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32, tilegpu.shared_bytes = 0 : i64} {
    return
  }
}

