#blocked = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @narrow_first(%arg0: !tile.view<f32, 2>, %arg1: !tile.view<f16, 2>, %arg2: !tile.view<f32, 2>, %arg3: i32) attributes {tile.kernel, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 0 : i64} {
    %0 = tile.load %arg0[%arg3, %arg3] : !tile.view<f32, 2> -> tensor<64x64xf32, #blocked>
    %1 = tile.load %arg1[%arg3, %arg3] : !tile.view<f16, 2> -> tensor<64x64xf16, #blocked>
    %2 = arith.extf %1 : tensor<64x64xf16, #blocked> to tensor<64x64xf32, #blocked>
    %3 = arith.addf %0, %2 : tensor<64x64xf32, #blocked>
    tile.store %3, %arg2[%arg3, %arg3] : tensor<64x64xf32, #blocked> -> !tile.view<f32, 2>
    return
  }
}

