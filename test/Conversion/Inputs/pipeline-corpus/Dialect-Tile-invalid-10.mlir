func.func @atomic_add_tile_type(%q: !tile.view<f32, 2>, %i: i32, %t: tensor<64xi32>) {
  tile.atomic_add %t, %q[%i, %i] : tensor<64xi32> -> !tile.view<f32, 2>
  return
}

