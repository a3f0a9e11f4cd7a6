func.func @stage_wait_without_barriers(%i: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  tilegpu.stage_wait stage %i phase %i {buffer = 0 : i64}
  return
}

