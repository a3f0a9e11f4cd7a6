func.func @producer_computes(%x: f32) attributes {tile.kernel, tile.num_warps = 8 : i32} {
  tilegpu.warp_specialize {consumer_registers = 240 : i64, producer_registers = 24 : i64, producer_warps = 4 : i64} producer {
    tilegpu.async_commit
  } consumer {
  }
  return
}

