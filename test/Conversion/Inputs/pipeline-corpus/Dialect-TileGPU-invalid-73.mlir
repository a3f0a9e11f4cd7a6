func.func @ring_without_stages() {
  tilegpu.ring_init {buffer = 0 : i64, stages = 0 : i64}
  return
}

