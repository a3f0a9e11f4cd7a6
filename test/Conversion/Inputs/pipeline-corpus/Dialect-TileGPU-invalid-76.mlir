func.func @specialize_registers() attributes {tile.kernel, tile.num_warps = 8 : i32} {
  tilegpu.warp_specialize {consumer_registers = 256 : i64, producer_registers = 64 : i64, producer_warps = 4 : i64} producer {
  } consumer {
  }
  return
}

