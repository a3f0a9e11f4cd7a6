func.func @specialize_not_kernel() {
  tilegpu.warp_specialize {consumer_registers = 240 : i64, producer_registers = 24 : i64, producer_warps = 4 : i64} producer {
  } consumer {
  }
  return
}

