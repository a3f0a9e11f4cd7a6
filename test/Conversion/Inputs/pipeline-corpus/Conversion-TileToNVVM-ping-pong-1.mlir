func.func @no_such_warpgroup() attributes {tile.kernel, tile.num_warps = 8 : i32} {
  tilegpu.warp_specialize {consumer_registers = 240 : i64, producer_registers = 24 : i64, producer_warps = 4 : i64} producer {
  } consumer {
    tilegpu.turn_pass {warpgroup = 2 : i64}
  }
  return
}

