func.func @pipelined(%k: !tile.view<f16, 2>, %i: i32, %p: i1) attributes {tile.kernel} {
  tilegpu.async_commit
  return
}

