#blocked = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @yielded(%arg0: !tile.view<f32, 2> {tile.role = "input"}, %arg1: !tile.view<f32, 2> {tile.role = "output"}, %arg2: i32) attributes {tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 4 : i32, tile.prefetch_registers = true, tilegpu.shared_bytes = 0 : i64} {
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
      %11 = tile.load %arg0[%c0_i32, %c0_i32] {in_bounds = array<i1: false, true>} : !tile.view<f32, 2> -> tensor<16x64xf32, #blocked>
      %12:2 = scf.for %arg3 = %c0_i32 to %arg2 step %c16_i32 iter_args(%arg4 = %cst, %arg5 = %11) -> (tensor<16x64xf32, #blocked>, tensor<16x64xf32, #blocked>)  : i32 {
        %13 = arith.addi %arg3, %c16_i32 : i32
        %14 = tile.load %arg0[%13, %c0_i32] {in_bounds = array<i1: false, true>} : !tile.view<f32, 2> -> tensor<16x64xf32, #blocked>
        scf.yield %arg5, %14 : tensor<16x64xf32, #blocked>, tensor<16x64xf32, #blocked>
      }
      tile.store %12#0, %arg1[%c0_i32, %c0_i32] {in_bounds = array<i1: true, true>} : tensor<16x64xf32, #blocked> -> !tile.view<f32, 2>
    } else {
      %11 = tile.load %arg0[%c0_i32, %c0_i32] : !tile.view<f32, 2> -> tensor<16x64xf32, #blocked>
      %12:2 = scf.for %arg3 = %c0_i32 to %arg2 step %c16_i32 iter_args(%arg4 = %cst_0, %arg5 = %11) -> (tensor<16x64xf32, #blocked>, tensor<16x64xf32, #blocked>)  : i32 {
        %13 = arith.addi %arg3, %c16_i32 : i32
        %14 = tile.load %arg0[%13, %c0_i32] : !tile.view<f32, 2> -> tensor<16x64xf32, #blocked>
        scf.yield %arg5, %14 : tensor<16x64xf32, #blocked>, tensor<16x64xf32, #blocked>
      }
      tile.store %12#0, %arg1[%c0_i32, %c0_i32] : tensor<16x64xf32, #blocked> -> !tile.view<f32, 2>
    }
    return
  }
}

