#blocked = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [6, 2], order = [1, 0]>
#rows = #tilegpu.slice<dim = 1, parent = #blocked>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @twelve_warps_rows(%arg0: !tile.view<f16, 2>, %arg1: !tile.view<f32, 1>, %arg2: i32) attributes {tile.kernel, tile.num_warps = 12 : i32, tilegpu.shared_bytes = 48 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %0 = tile.load %arg0[%arg2, %c0_i32] : !tile.view<f16, 2> -> tensor<6x1024xf16, #blocked>
    %1 = arith.extf %0 : tensor<6x1024xf16, #blocked> to tensor<6x1024xf32, #blocked>
    %2 = tile.reduce max %1 axis 1 {tilegpu.shared_offset = 0 : i64} : tensor<6x1024xf32, #blocked> -> tensor<6xf32, #rows>
    tile.store %2, %arg1[%arg2] : tensor<6xf32, #rows> -> !tile.view<f32, 1>
    return
  }
}

