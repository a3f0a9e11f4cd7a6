#blocked = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]>
#blocked1 = #tilegpu.blocked<sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]>
#cols = #tilegpu.slice<dim = 0, parent = #blocked1>
#rows = #tilegpu.slice<dim = 1, parent = #blocked>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @tile_to_scalar(%arg0: !tile.view<f32, 2>, %arg1: !tile.view<f32, 1>, %arg2: i32) attributes {tile.kernel, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 1040 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %c256_i64 = arith.constant 256 : i64
    %c0_i64 = arith.constant 0 : i64
    %c4_i64 = arith.constant 4 : i64
    %0 = arith.extsi %arg2 : i32 to i64
    %1 = tile.dim %arg0, 0 : !tile.view<f32, 2>
    %2 = arith.extsi %1 : i32 to i64
    %3 = arith.addi %0, %c4_i64 : i64
    %4 = arith.cmpi sge, %0, %c0_i64 : i64
    %5 = arith.cmpi sle, %3, %2 : i64
    %6 = arith.andi %4, %5 : i1
    %7 = tile.dim %arg0, 1 : !tile.view<f32, 2>
    %8 = arith.extsi %7 : i32 to i64
    %9 = arith.cmpi sge, %8, %c256_i64 : i64
    %10 = arith.andi %6, %9 : i1
    scf.if %10 {
      %11 = tile.load %arg0[%arg2, %c0_i32] {in_bounds = array<i1: true, true>} : !tile.view<f32, 2> -> tensor<4x256xf32, #blocked>
      %12 = tile.reduce max %11 axis 1 {tilegpu.shared_offset = 0 : i64} : tensor<4x256xf32, #blocked> -> tensor<4xf32, #rows>
      %13 = tile.expand_dims %12 axis 1 : tensor<4xf32, #rows> -> tensor<4x1xf32, #rows>
      %14 = tilegpu.convert_layout %13 {tilegpu.shared_offset = 1024 : i64} : tensor<4x1xf32, #rows> -> tensor<4x1xf32, #blocked1>
      %15 = tile.reduce max %14 axis 0 : tensor<4x1xf32, #blocked1> -> tensor<1xf32, #cols>
      %16 = tile.to_scalar %15 : tensor<1xf32, #cols> -> f32
      tile.store_scalar %16, %arg1[%arg2] : f32 -> !tile.view<f32, 1>
    } else {
      %11 = tile.load %arg0[%arg2, %c0_i32] : !tile.view<f32, 2> -> tensor<4x256xf32, #blocked>
      %12 = tile.reduce max %11 axis 1 {tilegpu.shared_offset = 0 : i64} : tensor<4x256xf32, #blocked> -> tensor<4xf32, #rows>
      %13 = tile.expand_dims %12 axis 1 : tensor<4xf32, #rows> -> tensor<4x1xf32, #rows>
      %14 = tilegpu.convert_layout %13 {tilegpu.shared_offset = 1024 : i64} : tensor<4x1xf32, #rows> -> tensor<4x1xf32, #blocked1>
      %15 = tile.reduce max %14 axis 0 : tensor<4x1xf32, #blocked1> -> tensor<1xf32, #cols>
      %16 = tile.to_scalar %15 : tensor<1xf32, #cols> -> f32
      tile.store_scalar %16, %arg1[%arg2] : f32 -> !tile.view<f32, 1>
    }
    return
  }
}

