func.func @store_index_count(%q: !tile.view<f16, 2>, %i: i32, %t: tensor<16xf16>) {
  tile.store %t, %q[%i] : tensor<16xf16> -> !tile.view<f16, 2>
  return
}

