func.func @specialize_odd_registers() attributes {tile.kernel, tile.num_warps = 8 : i32} {
  tilegpu.warp_specialize {consumer_registers = 240 : i64, producer_registers = 25 : i64, producer_warps = 4 : i64} producer {
  } consumer {
  }
  return
}

