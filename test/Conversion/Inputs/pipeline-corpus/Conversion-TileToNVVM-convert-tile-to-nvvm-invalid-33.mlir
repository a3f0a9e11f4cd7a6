func.func @stage_view_without_offset(%i: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %v = tilegpu.stage_view stage %i {buffer = 0 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  return
}

