func.func @store_scalar_index_count(%q: !tile.view<f32, 2>, %i: i32, %v: f32) {
  tile.store_scalar %v, %q[%i] : f32 -> !tile.view<f32, 2>
  return
}

