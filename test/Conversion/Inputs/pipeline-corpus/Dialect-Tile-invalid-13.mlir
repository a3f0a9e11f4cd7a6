func.func @load_rank(%q: !tile.view<f16, 1>, %i: i32) {
  %t = tile.load %q[%i] : !tile.view<f16, 1> -> tensor<16x16xf16>
  return
}

