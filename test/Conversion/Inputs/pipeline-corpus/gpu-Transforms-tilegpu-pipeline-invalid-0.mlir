#blocked = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
module {
  func.func @kernel(%arg0: !tile.view<f32, 2>) attributes {tilegpu.shared_bytes = 0 : i64, tile.kernel} {
    %c0_i32 = arith.constant 0 : i32
    %0 = tile.load %arg0[%c0_i32, %c0_i32] : !tile.view<f32, 2> -> tensor<16x16xf32, #blocked>
    tile.store %0, %arg0[%c0_i32, %c0_i32] : tensor<16x16xf32, #blocked> -> !tile.view<f32, 2>
    return
  }
}

