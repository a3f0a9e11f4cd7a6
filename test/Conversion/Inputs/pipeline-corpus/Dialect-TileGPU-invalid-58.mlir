func.func @vector_attr(%v: !tile.view<f32, 1>, %i: i32) {
  %t = tile.load %v[%i] {tilegpu.vector = 3 : i64} : !tile.view<f32, 1> -> tensor<64xf32>
  return
}

