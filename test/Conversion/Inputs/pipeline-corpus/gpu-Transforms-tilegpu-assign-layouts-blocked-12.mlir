#blocked = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 16], order = [1, 0]>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @no_copies(%arg0: !tile.view<f16, 2>, %arg1: !tile.view<f16, 2>, %arg2: i32) attributes {tile.kernel, tile.num_warps = 16 : i32, tilegpu.shared_bytes = 0 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %c2048_i64 = arith.constant 2048 : i64
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %0 = arith.extsi %arg2 : i32 to i64
    %1 = tile.dim %arg0, 0 : !tile.view<f16, 2>
    %2 = arith.extsi %1 : i32 to i64
    %3 = arith.addi %0, %c1_i64 : i64
    %4 = arith.cmpi sge, %0, %c0_i64 : i64
    %5 = arith.cmpi sle, %3, %2 : i64
    %6 = arith.andi %4, %5 : i1
    %7 = tile.dim %arg0, 1 : !tile.view<f16, 2>
    %8 = arith.extsi %7 : i32 to i64
    %9 = arith.cmpi sge, %8, %c2048_i64 : i64
    %10 = arith.andi %6, %9 : i1
    %11 = tile.dim %arg1, 0 : !tile.view<f16, 2>
    %12 = arith.extsi %11 : i32 to i64
    %13 = arith.cmpi sle, %3, %12 : i64
    %14 = arith.andi %4, %13 : i1
    %15 = arith.andi %10, %14 : i1
    %16 = tile.dim %arg1, 1 : !tile.view<f16, 2>
    %17 = arith.extsi %16 : i32 to i64
    %18 = arith.cmpi sge, %17, %c2048_i64 : i64
    %19 = arith.andi %15, %18 : i1
    scf.if %19 {
      %20 = tile.load %arg0[%arg2, %c0_i32] {in_bounds = array<i1: true, true>} : !tile.view<f16, 2> -> tensor<1x2048xf16, #blocked>
      tile.store %20, %arg1[%arg2, %c0_i32] {in_bounds = array<i1: true, true>} : tensor<1x2048xf16, #blocked> -> !tile.view<f16, 2>
    } else {
      %20 = tile.load %arg0[%arg2, %c0_i32] : !tile.view<f16, 2> -> tensor<1x2048xf16, #blocked>
      tile.store %20, %arg1[%arg2, %c0_i32] : tensor<1x2048xf16, #blocked> -> !tile.view<f16, 2>
    }
    return
  }
}

