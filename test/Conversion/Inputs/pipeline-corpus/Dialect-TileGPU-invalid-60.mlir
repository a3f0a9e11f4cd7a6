func.func @async_not_a_dot(%v: !tile.view<f32, 1>, %i: i32) {
  %t = tile.load %v[%i] {tilegpu.async} : !tile.view<f32, 1> -> tensor<64xf32>
  return
}

