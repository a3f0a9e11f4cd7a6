func.func @rotated_attr(%v: !tile.view<f32, 1>, %i: i32) {
  %t = tile.load %v[%i] {tilegpu.rotated} : !tile.view<f32, 1> -> tensor<64xf32>
  return
}

