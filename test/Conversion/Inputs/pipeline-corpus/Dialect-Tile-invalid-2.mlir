func.func @in_bounds_count(%q: !tile.view<f16, 3>, %i: i32, %t: tensor<16x16xf16>) {
  tile.store %t, %q[%i, %i, %i] {in_bounds = array<i1: true, true>} : tensor<16x16xf16> -> !tile.view<f16, 3>
  return
}

