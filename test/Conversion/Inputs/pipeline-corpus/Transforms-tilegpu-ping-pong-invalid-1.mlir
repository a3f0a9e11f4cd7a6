func.func @one_warpgroup() attributes {tile.kernel, tile.num_warps = 4 : i32, tile.ping_pong = true} {
  tilegpu.warp_specialize {consumer_registers = 240 : i64, producer_registers = 24 : i64, producer_warps = 4 : i64} producer {
  } consumer {
  }
  return
}

