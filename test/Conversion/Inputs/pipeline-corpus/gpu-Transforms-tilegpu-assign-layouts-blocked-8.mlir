#blocked = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [6, 2], order = [1, 0]>
#rows = #tilegpu.slice<dim = 1, parent = #blocked>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @twelve_warps_rows(%arg0: !tile.view<f16, 2>, %arg1: !tile.view<f32, 1>, %arg2: i32) attributes {tile.kernel, tile.num_warps = 12 : i32, tilegpu.shared_bytes = 48 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %c1024_i64 = arith.constant 1024 : i64
    %c0_i64 = arith.constant 0 : i64
    %c6_i64 = arith.constant 6 : i64
    %0 = arith.extsi %arg2 : i32 to i64
    %1 = tile.dim %arg0, 0 : !tile.view<f16, 2>
    %2 = arith.extsi %1 : i32 to i64
    %3 = arith.addi %0, %c6_i64 : i64
    %4 = arith.cmpi sge, %0, %c0_i64 : i64
    %5 = arith.cmpi sle, %3, %2 : i64
    %6 = arith.andi %4, %5 : i1
    %7 = tile.dim %arg0, 1 : !tile.view<f16, 2>
    %8 = arith.extsi %7 : i32 to i64
    %9 = arith.cmpi sge, %8, %c1024_i64 : i64
    %10 = arith.andi %6, %9 : i1
    %11 = tile.dim %arg1, 0 : !tile.view<f32, 1>
    %12 = arith.extsi %11 : i32 to i64
    %13 = arith.cmpi sle, %3, %12 : i64
    %14 = arith.andi %4, %13 : i1
    %15 = arith.andi %10, %14 : i1
    scf.if %15 {
      %16 = tile.load %arg0[%arg2, %c0_i32] {in_bounds = array<i1: true, true>} : !tile.view<f16, 2> -> tensor<6x1024xf16, #blocked>
      %17 = arith.extf %16 : tensor<6x1024xf16, #blocked> to tensor<6x1024xf32, #blocked>
      %18 = tile.reduce max %17 axis 1 {tilegpu.shared_offset = 0 : i64} : tensor<6x1024xf32, #blocked> -> tensor<6xf32, #rows>
      tile.store %18, %arg1[%arg2] {in_bounds = array<i1: true>} : tensor<6xf32, #rows> -> !tile.view<f32, 1>
    } else {
      %16 = tile.load %arg0[%arg2, %c0_i32] : !tile.view<f16, 2> -> tensor<6x1024xf16, #blocked>
      %17 = arith.extf %16 : tensor<6x1024xf16, #blocked> to tensor<6x1024xf32, #blocked>
      %18 = tile.reduce max %17 axis 1 {tilegpu.shared_offset = 0 : i64} : tensor<6x1024xf32, #blocked> -> tensor<6xf32, #rows>
      tile.store %18, %arg1[%arg2] : tensor<6xf32, #rows> -> !tile.view<f32, 1>
    }
    return
  }
}

