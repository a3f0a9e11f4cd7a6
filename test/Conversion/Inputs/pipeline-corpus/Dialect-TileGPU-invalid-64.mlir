func.func @late_release_value(%v: !tile.view<f16, 2>, %i: i32) {
  %t = tile.load %v[%i, %i] {tilegpu.late_release = 1 : i64, tilegpu.read_lag = 1 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  return
}

