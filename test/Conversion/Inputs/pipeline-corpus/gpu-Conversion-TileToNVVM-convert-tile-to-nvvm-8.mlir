#blocked = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @narrow(%arg0: !tile.view<f32, 2>, %arg1: !tile.view<f32, 2>, %arg2: i32, %arg3: i32) attributes {tile.kernel, tile.num_warps = 1 : i32, tilegpu.shared_bytes = 0 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %0 = tile.narrow %arg0, 0, %arg2, %arg3 : !tile.view<f32, 2>
    %1 = tile.load %0[%c0_i32, %c0_i32] : !tile.view<f32, 2> -> tensor<16x16xf32, #blocked>
    tile.store %1, %arg1[%c0_i32, %c0_i32] : tensor<16x16xf32, #blocked> -> !tile.view<f32, 2>
    return
  }
}

