#blocked = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
#rows = #tilegpu.slice<dim = 1, parent = #blocked>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @rows_per_warp(%arg0: !tile.view<f16, 2>, %arg1: !tile.view<f16, 2>, %arg2: i32) attributes {tile.kernel, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 0 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %0 = tile.load %arg0[%arg2, %c0_i32] : !tile.view<f16, 2> -> tensor<4x1024xf16, #blocked>
    %1 = arith.extf %0 : tensor<4x1024xf16, #blocked> to tensor<4x1024xf32, #blocked>
    %2 = tile.reduce sum %1 axis 1 : tensor<4x1024xf32, #blocked> -> tensor<4xf32, #rows>
    %3 = tile.expand_dims %2 axis 1 : tensor<4xf32, #rows> -> tensor<4x1xf32, #rows>
    %4 = tile.broadcast %3 : tensor<4x1xf32, #rows> -> tensor<4x1024xf32, #blocked>
    %5 = arith.divf %1, %4 : tensor<4x1024xf32, #blocked>
    %6 = arith.truncf %5 : tensor<4x1024xf32, #blocked> to tensor<4x1024xf16, #blocked>
    tile.store %6, %arg1[%arg2, %c0_i32] : tensor<4x1024xf16, #blocked> -> !tile.view<f16, 2>
    return
  }
}

