func.func @load_scalar_index_count(%q: !tile.view<i32, 2>, %i: i32) {
  %s = tile.load_scalar %q[%i] : !tile.view<i32, 2> -> i32
  return
}

