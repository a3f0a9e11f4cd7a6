func.func @stages_range(%s: i32) {
  %t = tilegpu.stage_view stage %s {buffer = 0 : i64, tilegpu.stages = 2147483647 : i64} : tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  return
}

