func.func @wait_negative() {
  tilegpu.async_wait -1
  return
}

