#blocked = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @narrow_first(%arg0: !tile.view<f32, 2>, %arg1: !tile.view<f16, 2>, %arg2: !tile.view<f32, 2>, %arg3: i32) attributes {tile.kernel, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 0 : i64} {
    %c0_i64 = arith.constant 0 : i64
    %c64_i64 = arith.constant 64 : i64
    %0 = arith.extsi %arg3 : i32 to i64
    %1 = tile.dim %arg0, 0 : !tile.view<f32, 2>
    %2 = arith.extsi %1 : i32 to i64
    %3 = arith.addi %0, %c64_i64 : i64
    %4 = arith.cmpi sge, %0, %c0_i64 : i64
    %5 = arith.cmpi sle, %3, %2 : i64
    %6 = arith.andi %4, %5 : i1
    %7 = tile.dim %arg0, 1 : !tile.view<f32, 2>
    %8 = arith.extsi %7 : i32 to i64
    %9 = arith.cmpi sle, %3, %8 : i64
    %10 = arith.andi %4, %9 : i1
    %11 = arith.andi %6, %10 : i1
    %12 = tile.dim %arg1, 0 : !tile.view<f16, 2>
    %13 = arith.extsi %12 : i32 to i64
    %14 = arith.cmpi sle, %3, %13 : i64
    %15 = arith.andi %4, %14 : i1
    %16 = arith.andi %11, %15 : i1
    %17 = tile.dim %arg1, 1 : !tile.view<f16, 2>
    %18 = arith.extsi %17 : i32 to i64
    %19 = arith.cmpi sle, %3, %18 : i64
    %20 = arith.andi %4, %19 : i1
    %21 = arith.andi %16, %20 : i1
    %22 = tile.dim %arg2, 0 : !tile.view<f32, 2>
    %23 = arith.extsi %22 : i32 to i64
    %24 = arith.cmpi sle, %3, %23 : i64
    %25 = arith.andi %4, %24 : i1
    %26 = arith.andi %21, %25 : i1
    %27 = tile.dim %arg2, 1 : !tile.view<f32, 2>
    %28 = arith.extsi %27 : i32 to i64
    %29 = arith.cmpi sle, %3, %28 : i64
    %30 = arith.andi %4, %29 : i1
    %31 = arith.andi %26, %30 : i1
    scf.if %31 {
      %32 = tile.load %arg0[%arg3, %arg3] {in_bounds = array<i1: true, true>} : !tile.view<f32, 2> -> tensor<64x64xf32, #blocked>
      %33 = tile.load %arg1[%arg3, %arg3] {in_bounds = array<i1: true, true>} : !tile.view<f16, 2> -> tensor<64x64xf16, #blocked>
      %34 = arith.extf %33 : tensor<64x64xf16, #blocked> to tensor<64x64xf32, #blocked>
      %35 = arith.addf %32, %34 : tensor<64x64xf32, #blocked>
      tile.store %35, %arg2[%arg3, %arg3] {in_bounds = array<i1: true, true>} : tensor<64x64xf32, #blocked> -> !tile.view<f32, 2>
    } else {
      %32 = tile.load %arg0[%arg3, %arg3] : !tile.view<f32, 2> -> tensor<64x64xf32, #blocked>
      %33 = tile.load %arg1[%arg3, %arg3] : !tile.view<f16, 2> -> tensor<64x64xf16, #blocked>
      %34 = arith.extf %33 : tensor<64x64xf16, #blocked> to tensor<64x64xf32, #blocked>
      %35 = arith.addf %32, %34 : tensor<64x64xf32, #blocked>
      tile.store %35, %arg2[%arg3, %arg3] : tensor<64x64xf32, #blocked> -> !tile.view<f32, 2>
    }
    return
  }
}

