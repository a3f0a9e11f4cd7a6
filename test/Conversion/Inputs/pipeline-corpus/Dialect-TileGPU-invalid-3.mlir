func.func @stage_view_not_shared(%s: i32) {
  %t = tilegpu.stage_view stage %s {buffer = 0 : i64} : tensor<64x64xf16>
  return
}

