#blocked = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#blocked1 = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @transpose(%arg0: !tile.view<f16, 2>, %arg1: !tile.view<f16, 2>, %arg2: i32, %arg3: i32) attributes {tile.kernel, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 4352 : i64} {
    %c32_i64 = arith.constant 32 : i64
    %c0_i64 = arith.constant 0 : i64
    %c64_i64 = arith.constant 64 : i64
    %0 = arith.extsi %arg2 : i32 to i64
    %1 = tile.dim %arg0, 0 : !tile.view<f16, 2>
    %2 = arith.extsi %1 : i32 to i64
    %3 = arith.addi %0, %c64_i64 : i64
    %4 = arith.cmpi sge, %0, %c0_i64 : i64
    %5 = arith.cmpi sle, %3, %2 : i64
    %6 = arith.andi %4, %5 : i1
    %7 = arith.extsi %arg3 : i32 to i64
    %8 = tile.dim %arg0, 1 : !tile.view<f16, 2>
    %9 = arith.extsi %8 : i32 to i64
    %10 = arith.addi %7, %c32_i64 : i64
    %11 = arith.cmpi sge, %7, %c0_i64 : i64
    %12 = arith.cmpi sle, %10, %9 : i64
    %13 = arith.andi %11, %12 : i1
    %14 = arith.andi %6, %13 : i1
    %15 = tile.dim %arg1, 0 : !tile.view<f16, 2>
    %16 = arith.extsi %15 : i32 to i64
    %17 = arith.cmpi sle, %10, %16 : i64
    %18 = arith.andi %11, %17 : i1
    %19 = arith.andi %14, %18 : i1
    %20 = tile.dim %arg1, 1 : !tile.view<f16, 2>
    %21 = arith.extsi %20 : i32 to i64
    %22 = arith.cmpi sle, %3, %21 : i64
    %23 = arith.andi %4, %22 : i1
    %24 = arith.andi %19, %23 : i1
    scf.if %24 {
      %25 = tile.load %arg0[%arg2, %arg3] {in_bounds = array<i1: true, true>} : !tile.view<f16, 2> -> tensor<64x32xf16, #blocked>
      %26 = tile.trans %25 {tilegpu.shared_offset = 0 : i64} : tensor<64x32xf16, #blocked> -> tensor<32x64xf16, #blocked1>
      tile.store %26, %arg1[%arg3, %arg2] {in_bounds = array<i1: true, true>} : tensor<32x64xf16, #blocked1> -> !tile.view<f16, 2>
    } else {
      %25 = tile.load %arg0[%arg2, %arg3] : !tile.view<f16, 2> -> tensor<64x32xf16, #blocked>
      %26 = tile.trans %25 {tilegpu.shared_offset = 0 : i64} : tensor<64x32xf16, #blocked> -> tensor<32x64xf16, #blocked1>
      tile.store %26, %arg1[%arg3, %arg2] : tensor<32x64xf16, #blocked1> -> !tile.view<f16, 2>
    }
    return
  }
}

