func.func @atomic_add_scalar_index_count(%q: !tile.view<i32, 2>, %i: i32, %v: i32) {
  tile.atomic_add %v, %q[%i] : i32 -> !tile.view<i32, 2>
  return
}

