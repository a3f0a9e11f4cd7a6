func.func @load_scalar_type(%q: !tile.view<i32, 1>, %i: i32) {
  %s = tile.load_scalar %q[%i] : !tile.view<i32, 1> -> f32
  return
}

