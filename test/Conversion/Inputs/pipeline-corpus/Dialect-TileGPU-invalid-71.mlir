func.func @barrier_offset_misaligned(%i: i32) {
  tilegpu.stage_wait stage %i phase %i {buffer = 0 : i64, tilegpu.barrier_offset = 12 : i64}
  return
}

