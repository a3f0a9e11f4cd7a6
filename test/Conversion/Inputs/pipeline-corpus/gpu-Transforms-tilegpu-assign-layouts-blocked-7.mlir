#blocked = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [5, 2], order = [1, 0]>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @ten_warps_narrow(%arg0: !tile.view<f16, 2>, %arg1: !tile.view<f16, 2>, %arg2: i32) attributes {tile.kernel, tile.num_warps = 10 : i32, tilegpu.shared_bytes = 0 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %0 = tile.load %arg0[%arg2, %c0_i32] : !tile.view<f16, 2> -> tensor<5x2048xf16, #blocked>
    tile.store %0, %arg1[%arg2, %c0_i32] : tensor<5x2048xf16, #blocked> -> !tile.view<f16, 2>
    return
  }
}

