#blocked = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
#map = affine_map<()[s0] -> (1)>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @carried_index(%arg0: !tile.view<f32, 2> {tile.shape = ["M", 64]}, %arg1: !tile.view<f32, 2>, %arg2: i32) attributes {tile.grid = #map, tile.kernel, tile.num_warps = 4 : i32, tile.sizes = ["M"], tilegpu.shared_bytes = 0 : i64} {
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<16x64xf32, #blocked>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<16x64xf32, #blocked>
    %c16_i32 = arith.constant 16 : i32
    %c0_i32 = arith.constant 0 : i32
    %c16_i64 = arith.constant 16 : i64
    %c64_i64 = arith.constant 64 : i64
    %0 = tile.dim %arg0, 1 : !tile.view<f32, 2>
    %1 = arith.extsi %0 : i32 to i64
    %2 = arith.cmpi sge, %1, %c64_i64 : i64
    %3 = tile.dim %arg1, 0 : !tile.view<f32, 2>
    %4 = arith.extsi %3 : i32 to i64
    %5 = arith.cmpi sge, %4, %c16_i64 : i64
    %6 = arith.andi %2, %5 : i1
    %7 = tile.dim %arg1, 1 : !tile.view<f32, 2>
    %8 = arith.extsi %7 : i32 to i64
    %9 = arith.cmpi sge, %8, %c64_i64 : i64
    %10 = arith.andi %6, %9 : i1
    scf.if %10 {
      %11:2 = scf.for %arg3 = %c0_i32 to %arg2 step %c16_i32 iter_args(%arg4 = %cst, %arg5 = %c0_i32) -> (tensor<16x64xf32, #blocked>, i32)  : i32 {
        %12 = arith.extsi %arg5 : i32 to i64
        %13 = tile.dim %arg0, 0 : !tile.view<f32, 2>
        %14 = arith.extsi %13 : i32 to i64
        %15 = arith.addi %12, %c16_i64 : i64
        %16 = arith.cmpi sge, %12, %c0_i64 : i64
        %17 = arith.cmpi sle, %15, %14 : i64
        %18 = arith.andi %16, %17 : i1
        %19 = arith.addi %arg5, %c16_i32 : i32
        %20 = scf.if %18 -> (tensor<16x64xf32, #blocked>) {
          %21 = tile.load %arg0[%arg5, %c0_i32] {in_bounds = array<i1: true, true>} : !tile.view<f32, 2> -> tensor<16x64xf32, #blocked>
          %22 = arith.addf %arg4, %21 : tensor<16x64xf32, #blocked>
          scf.yield %22 : tensor<16x64xf32, #blocked>
        } else {
          %21 = tile.load %arg0[%arg5, %c0_i32] {in_bounds = array<i1: false, true>} : !tile.view<f32, 2> -> tensor<16x64xf32, #blocked>
          %22 = arith.addf %arg4, %21 : tensor<16x64xf32, #blocked>
          scf.yield %22 : tensor<16x64xf32, #blocked>
        }
        scf.yield %20, %19 : tensor<16x64xf32, #blocked>, i32
      }
      tile.store %11#0, %arg1[%c0_i32, %c0_i32] {in_bounds = array<i1: true, true>} : tensor<16x64xf32, #blocked> -> !tile.view<f32, 2>
    } else {
      %11:2 = scf.for %arg3 = %c0_i32 to %arg2 step %c16_i32 iter_args(%arg4 = %cst_0, %arg5 = %c0_i32) -> (tensor<16x64xf32, #blocked>, i32)  : i32 {
        %12 = arith.extsi %arg5 : i32 to i64
        %13 = tile.dim %arg0, 0 : !tile.view<f32, 2>
        %14 = arith.extsi %13 : i32 to i64
        %15 = arith.addi %12, %c16_i64 : i64
        %16 = arith.cmpi sge, %12, %c0_i64 : i64
        %17 = arith.cmpi sle, %15, %14 : i64
        %18 = arith.andi %16, %17 : i1
        %19 = arith.andi %18, %2 : i1
        %20 = arith.addi %arg5, %c16_i32 : i32
        %21 = scf.if %19 -> (tensor<16x64xf32, #blocked>) {
          %22 = tile.load %arg0[%arg5, %c0_i32] {in_bounds = array<i1: true, true>} : !tile.view<f32, 2> -> tensor<16x64xf32, #blocked>
          %23 = arith.addf %arg4, %22 : tensor<16x64xf32, #blocked>
          scf.yield %23 : tensor<16x64xf32, #blocked>
        } else {
          %22 = tile.load %arg0[%arg5, %c0_i32] : !tile.view<f32, 2> -> tensor<16x64xf32, #blocked>
          %23 = arith.addf %arg4, %22 : tensor<16x64xf32, #blocked>
          scf.yield %23 : tensor<16x64xf32, #blocked>
        }
        scf.yield %21, %20 : tensor<16x64xf32, #blocked>, i32
      }
      tile.store %11#0, %arg1[%c0_i32, %c0_i32] : tensor<16x64xf32, #blocked> -> !tile.view<f32, 2>
    }
    return
  }
}

