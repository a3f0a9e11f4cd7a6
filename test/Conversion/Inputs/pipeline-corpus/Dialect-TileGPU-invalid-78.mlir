func.func @specialize_warps() attributes {tile.kernel, tile.num_warps = 6 : i32} {
  tilegpu.warp_specialize {consumer_registers = 160 : i64, producer_registers = 24 : i64, producer_warps = 4 : i64} producer {
  } consumer {
  }
  return
}

