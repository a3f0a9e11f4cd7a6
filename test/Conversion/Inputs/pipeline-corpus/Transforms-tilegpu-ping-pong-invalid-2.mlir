func.func @not_asked_to_split() attributes {tile.kernel, tile.num_warps = 8 : i32, tile.ping_pong = true} {
  return
}

