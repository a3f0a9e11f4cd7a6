func.func @load_index_count(%q: !tile.view<f16, 3>, %i: i32) {
  %t = tile.load %q[%i, %i] : !tile.view<f16, 3> -> tensor<16x16xf16>
  return
}

