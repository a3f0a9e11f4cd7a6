#blocked = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @kernel(%arg0: !tile.view<f32, 2>) attributes {tile.kernel, tilegpu.shared_bytes = 0 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %0 = tile.load %arg0[%c0_i32, %c0_i32] : !tile.view<f32, 2> -> tensor<16x16xf32, #blocked>
    tile.store %0, %arg0[%c0_i32, %c0_i32] : tensor<16x16xf32, #blocked> -> !tile.view<f32, 2>
    return
  }
}

