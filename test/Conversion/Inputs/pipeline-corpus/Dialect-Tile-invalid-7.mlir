func.func @store_scalar_type(%q: !tile.view<f16, 1>, %i: i32, %v: f32) {
  tile.store_scalar %v, %q[%i] : f32 -> !tile.view<f16, 1>
  return
}

