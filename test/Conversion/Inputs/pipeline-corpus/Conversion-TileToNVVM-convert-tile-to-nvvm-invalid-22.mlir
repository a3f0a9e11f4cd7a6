func.func @absi_i64(%x: i64) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %y = math.absi %x : i64
  return
}

