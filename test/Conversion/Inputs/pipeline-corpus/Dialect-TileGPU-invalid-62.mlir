func.func @read_lag_registers(%v: !tile.view<f32, 1>, %i: i32) {
  %t = tile.load %v[%i] {tilegpu.read_lag = 1 : i64} : !tile.view<f32, 1> -> tensor<64xf32>
  return
}

