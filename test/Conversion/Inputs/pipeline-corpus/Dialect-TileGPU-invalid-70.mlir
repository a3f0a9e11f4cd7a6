func.func @tma_on_register_load(%v: !tile.view<f32, 1>, %i: i32) {
  %t = tile.load %v[%i] {tilegpu.tma} : !tile.view<f32, 1> -> tensor<64xf32, #tilegpu.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>>
  return
}

