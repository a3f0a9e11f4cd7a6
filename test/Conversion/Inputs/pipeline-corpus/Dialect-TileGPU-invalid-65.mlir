func.func @first_iteration_registers(%v: !tile.view<f32, 1>, %i: i32) {
  %t = tile.load %v[%i] {tilegpu.first_iteration} : !tile.view<f32, 1> -> tensor<64xf32>
  return
}

