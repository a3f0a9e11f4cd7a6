func.func @read_lag_range(%v: !tile.view<f16, 2>, %i: i32) {
  %t = tile.load %v[%i, %i] {tilegpu.read_lag = 2 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  return
}

