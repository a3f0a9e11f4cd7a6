#blocked = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [1, 10], order = [1, 0]>
#cols = #tilegpu.slice<dim = 0, parent = #blocked>
#rows = #tilegpu.slice<dim = 1, parent = #blocked>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @ten_warps(%arg0: !tile.view<f16, 2>, %arg1: !tile.view<f16, 1>, %arg2: !tile.view<f16, 2>, %arg3: i32) attributes {tile.kernel, tile.num_warps = 10 : i32, tilegpu.shared_bytes = 80 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %0 = tile.load %arg0[%arg3, %c0_i32] : !tile.view<f16, 2> -> tensor<2x5120xf16, #blocked>
    %1 = arith.extf %0 : tensor<2x5120xf16, #blocked> to tensor<2x5120xf32, #blocked>
    %2 = tile.reduce sum %1 axis 1 {tilegpu.shared_offset = 0 : i64} : tensor<2x5120xf32, #blocked> -> tensor<2xf32, #rows>
    %3 = tile.expand_dims %2 axis 1 : tensor<2xf32, #rows> -> tensor<2x1xf32, #rows>
    %4 = tile.broadcast %3 : tensor<2x1xf32, #rows> -> tensor<2x5120xf32, #blocked>
    %5 = tile.load %arg1[%c0_i32] : !tile.view<f16, 1> -> tensor<5120xf16, #cols>
    %6 = arith.extf %5 : tensor<5120xf16, #cols> to tensor<5120xf32, #cols>
    %7 = tile.expand_dims %6 axis 0 : tensor<5120xf32, #cols> -> tensor<1x5120xf32, #cols>
    %8 = tile.broadcast %7 : tensor<1x5120xf32, #cols> -> tensor<2x5120xf32, #blocked>
    %9 = arith.divf %1, %4 : tensor<2x5120xf32, #blocked>
    %10 = arith.mulf %9, %8 : tensor<2x5120xf32, #blocked>
    %11 = arith.truncf %10 : tensor<2x5120xf32, #blocked> to tensor<2x5120xf16, #blocked>
    tile.store %11, %arg2[%arg3, %c0_i32] : tensor<2x5120xf16, #blocked> -> !tile.view<f16, 2>
    return
  }
}

