func.func @not_specialized() attributes {tile.kernel, tile.num_warps = 8 : i32} {
  tilegpu.turn_wait
  return
}

