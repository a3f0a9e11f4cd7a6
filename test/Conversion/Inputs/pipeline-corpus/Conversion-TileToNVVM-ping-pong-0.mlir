func.func @turns() attributes {tile.kernel, tile.num_warps = 12 : i32} {
  tilegpu.warp_specialize {consumer_registers = 160 : i64, producer_registers = 24 : i64, producer_warps = 4 : i64} producer {
  } consumer {
    tilegpu.turn_pass {warpgroup = 2 : i64}
    tilegpu.turn_wait
    "llvm.intr.trap"() : () -> ()
    tilegpu.turn_pass
    tilegpu.turn_wait {warpgroup = 0 : i64}
  }
  return
}

