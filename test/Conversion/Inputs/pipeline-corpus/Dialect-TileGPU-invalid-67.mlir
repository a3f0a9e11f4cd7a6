func.func @wgmma_attr(%v: !tile.view<f32, 1>, %i: i32) {
  %t = tile.load %v[%i] {tilegpu.wgmma} : !tile.view<f32, 1> -> tensor<64xf32>
  return
}

