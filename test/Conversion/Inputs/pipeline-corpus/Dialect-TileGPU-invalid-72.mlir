func.func @barrier_offset_on_view(%i: i32) {
  %v = tilegpu.stage_view stage %i {buffer = 0 : i64, tilegpu.barrier_offset = 16 : i64} : tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  return
}

