func.func @load_element_type(%q: !tile.view<f16, 2>, %i: i32) {
  %t = tile.load %q[%i, %i] : !tile.view<f16, 2> -> tensor<16x16xf32>
  return
}

