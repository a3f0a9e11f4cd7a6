#map = affine_map<()[s0, s1, s2] -> (s2 ceildiv 64, s1, s0)>
module {
  func.func @fa2_bwd_preprocess(%arg0: !tile.view<f16, 4> {tile.name = "Out", tile.role = "input", tile.shape = ["B", "H", "N", 64]}, %arg1: !tile.view<f16, 4> {tile.name = "dO", tile.role = "input", tile.shape = ["B", "H", "N", 64]}, %arg2: !tile.view<f32, 3> {tile.name = "Delta", tile.role = "output", tile.shape = ["B", "H", "N"]}) attributes {tile.constants = {ALIBI = false, BLOCK_M = 64 : i64, CAUSAL = false, DKDV_BLOCK_M = 64 : i64, DKDV_BLOCK_N = 64 : i64, DKDV_NUM_WARPS = 4 : i64, DQ_BLOCK_M = 64 : i64, DQ_BLOCK_N = 64 : i64, DQ_NUM_WARPS = 4 : i64, DTYPE = f16, HEAD_DIM = 64 : i64, NUM_STAGES = 2 : i64, WINDOW_LEFT = -1 : i64, WINDOW_RIGHT = -1 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 4 : i32, tile.sizes = ["B", "H", "N"]} {
    %0 = tile.program_id 0
    %c64_i32 = arith.constant 64 : i32
    %1 = arith.muli %0, %c64_i32 : i32
    %2 = tile.program_id 1
    %3 = tile.program_id 2
    %c0_i32 = arith.constant 0 : i32
    %4 = tile.load %arg0[%3, %2, %1, %c0_i32] : !tile.view<f16, 4> -> tensor<64x64xf16>
    %5 = arith.extf %4 : tensor<64x64xf16> to tensor<64x64xf32>
    %c0_i32_0 = arith.constant 0 : i32
    %6 = tile.load %arg1[%3, %2, %1, %c0_i32_0] : !tile.view<f16, 4> -> tensor<64x64xf16>
    %7 = arith.extf %6 : tensor<64x64xf16> to tensor<64x64xf32>
    %8 = arith.mulf %5, %7 : tensor<64x64xf32>
    %9 = tile.reduce sum %8 axis 1 : tensor<64x64xf32> -> tensor<64xf32>
    tile.store %9, %arg2[%3, %2, %1] : tensor<64xf32> -> !tile.view<f32, 3>
    return
  }
  func.func @fa2_bwd_dkdv(%arg0: !tile.view<f16, 4> {tile.name = "Q", tile.role = "input", tile.shape = ["B", "H", "N", 64]}, %arg1: !tile.view<f16, 4> {tile.name = "K", tile.role = "input", tile.shape = ["B", "H", "N", 64]}, %arg2: !tile.view<f16, 4> {tile.name = "V", tile.role = "input", tile.shape = ["B", "H", "N", 64]}, %arg3: !tile.view<f16, 4> {tile.name = "dO", tile.role = "input", tile.shape = ["B", "H", "N", 64]}, %arg4: !tile.view<f32, 3> {tile.name = "Lse", tile.role = "input", tile.shape = ["B", "H", "N"]}, %arg5: !tile.view<f32, 3> {tile.name = "Delta", tile.role = "input", tile.shape = ["B", "H", "N"]}, %arg6: !tile.view<f32, 1> {tile.name = "Slopes", tile.role = "input", tile.shape = ["H"]}, %arg7: f32 {tile.name = "sm_scale"}, %arg8: !tile.view<f16, 4> {tile.name = "dK", tile.role = "output", tile.shape = ["B", "H", "N", 64]}, %arg9: !tile.view<f16, 4> {tile.name = "dV", tile.role = "output", tile.shape = ["B", "H", "N", 64]}) attributes {tile.constants = {ALIBI = false, BLOCK_M = 64 : i64, CAUSAL = false, DKDV_BLOCK_M = 64 : i64, DKDV_BLOCK_N = 64 : i64, DKDV_NUM_WARPS = 4 : i64, DQ_BLOCK_M = 64 : i64, DQ_BLOCK_N = 64 : i64, DQ_NUM_WARPS = 4 : i64, DTYPE = f16, HEAD_DIM = 64 : i64, NUM_STAGES = 2 : i64, WINDOW_LEFT = -1 : i64, WINDOW_RIGHT = -1 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 4 : i32, tile.sizes = ["B", "H", "N"]} {
    %0 = tile.dim %arg0, 2 : !tile.view<f16, 4>
    %1 = tile.program_id 0
    %c64_i32 = arith.constant 64 : i32
    %2 = arith.muli %1, %c64_i32 : i32
    %3 = tile.program_id 1
    %4 = tile.program_id 2
    %cst = arith.constant 1.44269502 : f32
    %5 = arith.mulf %arg7, %cst : f32
    %c0_i32 = arith.constant 0 : i32
    %6 = tile.load %arg1[%4, %3, %2, %c0_i32] : !tile.view<f16, 4> -> tensor<64x64xf16>
    %c0_i32_0 = arith.constant 0 : i32
    %7 = tile.load %arg2[%4, %3, %2, %c0_i32_0] : !tile.view<f16, 4> -> tensor<64x64xf16>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
    %8 = arith.minsi %0, %0 : i32
    %c0_i32_3 = arith.constant 0 : i32
    %9 = arith.maxsi %8, %c0_i32_3 : i32
    %c0_i32_4 = arith.constant 0 : i32
    %c64_i32_5 = arith.constant 64 : i32
    %10:2 = scf.for %arg10 = %c0_i32_4 to %9 step %c64_i32_5 iter_args(%arg11 = %cst_2, %arg12 = %cst_1) -> (tensor<64x64xf32>, tensor<64x64xf32>)  : i32 {
      %c0_i32_8 = arith.constant 0 : i32
      %15 = tile.load %arg0[%4, %3, %arg10, %c0_i32_8] : !tile.view<f16, 4> -> tensor<64x64xf16>
      %c0_i32_9 = arith.constant 0 : i32
      %16 = tile.load %arg3[%4, %3, %arg10, %c0_i32_9] : !tile.view<f16, 4> -> tensor<64x64xf16>
      %17 = tile.load %arg4[%4, %3, %arg10] : !tile.view<f32, 3> -> tensor<64xf32>
      %cst_10 = arith.constant dense<1.44269502> : tensor<64xf32>
      %18 = arith.mulf %17, %cst_10 : tensor<64xf32>
      %19 = tile.load %arg5[%4, %3, %arg10] : !tile.view<f32, 3> -> tensor<64xf32>
      %20 = tile.trans %15 : tensor<64x64xf16> -> tensor<64x64xf16>
      %cst_11 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
      %21 = tile.dot %6, %20, %cst_11 : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
      %22 = tile.splat %5 : f32 -> tensor<64x64xf32>
      %23 = arith.mulf %21, %22 : tensor<64x64xf32>
      %24 = tile.expand_dims %18 axis 0 : tensor<64xf32> -> tensor<1x64xf32>
      %25 = tile.broadcast %24 : tensor<1x64xf32> -> tensor<64x64xf32>
      %26 = arith.subf %23, %25 : tensor<64x64xf32>
      %27 = math.exp2 %26 : tensor<64x64xf32>
      %28 = arith.truncf %27 : tensor<64x64xf32> to tensor<64x64xf16>
      %29 = tile.dot %28, %16, %arg11 : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
      %30 = tile.trans %16 : tensor<64x64xf16> -> tensor<64x64xf16>
      %cst_12 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
      %31 = tile.dot %7, %30, %cst_12 : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
      %32 = tile.expand_dims %19 axis 0 : tensor<64xf32> -> tensor<1x64xf32>
      %33 = tile.broadcast %32 : tensor<1x64xf32> -> tensor<64x64xf32>
      %34 = arith.subf %31, %33 : tensor<64x64xf32>
      %35 = arith.mulf %27, %34 : tensor<64x64xf32>
      %36 = arith.truncf %35 : tensor<64x64xf32> to tensor<64x64xf16>
      %37 = tile.dot %36, %15, %arg12 : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
      scf.yield %29, %37 : tensor<64x64xf32>, tensor<64x64xf32>
    }
    %11 = tile.splat %arg7 : f32 -> tensor<64x64xf32>
    %12 = arith.mulf %10#1, %11 : tensor<64x64xf32>
    %13 = arith.truncf %12 : tensor<64x64xf32> to tensor<64x64xf16>
    %c0_i32_6 = arith.constant 0 : i32
    tile.store %13, %arg8[%4, %3, %2, %c0_i32_6] : tensor<64x64xf16> -> !tile.view<f16, 4>
    %14 = arith.truncf %10#0 : tensor<64x64xf32> to tensor<64x64xf16>
    %c0_i32_7 = arith.constant 0 : i32
    tile.store %14, %arg9[%4, %3, %2, %c0_i32_7] : tensor<64x64xf16> -> !tile.view<f16, 4>
    return
  }
  func.func @fa2_bwd_dq(%arg0: !tile.view<f16, 4> {tile.name = "Q", tile.role = "input", tile.shape = ["B", "H", "N", 64]}, %arg1: !tile.view<f16, 4> {tile.name = "K", tile.role = "input", tile.shape = ["B", "H", "N", 64]}, %arg2: !tile.view<f16, 4> {tile.name = "V", tile.role = "input", tile.shape = ["B", "H", "N", 64]}, %arg3: !tile.view<f16, 4> {tile.name = "dO", tile.role = "input", tile.shape = ["B", "H", "N", 64]}, %arg4: !tile.view<f32, 3> {tile.name = "Lse", tile.role = "input", tile.shape = ["B", "H", "N"]}, %arg5: !tile.view<f32, 3> {tile.name = "Delta", tile.role = "input", tile.shape = ["B", "H", "N"]}, %arg6: !tile.view<f32, 1> {tile.name = "Slopes", tile.role = "input", tile.shape = ["H"]}, %arg7: f32 {tile.name = "sm_scale"}, %arg8: !tile.view<f16, 4> {tile.name = "dQ", tile.role = "output", tile.shape = ["B", "H", "N", 64]}) attributes {tile.constants = {ALIBI = false, BLOCK_M = 64 : i64, CAUSAL = false, DKDV_BLOCK_M = 64 : i64, DKDV_BLOCK_N = 64 : i64, DKDV_NUM_WARPS = 4 : i64, DQ_BLOCK_M = 64 : i64, DQ_BLOCK_N = 64 : i64, DQ_NUM_WARPS = 4 : i64, DTYPE = f16, HEAD_DIM = 64 : i64, NUM_STAGES = 2 : i64, WINDOW_LEFT = -1 : i64, WINDOW_RIGHT = -1 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 4 : i32, tile.sizes = ["B", "H", "N"]} {
    %0 = tile.dim %arg0, 2 : !tile.view<f16, 4>
    %1 = tile.program_id 0
    %c64_i32 = arith.constant 64 : i32
    %2 = arith.muli %1, %c64_i32 : i32
    %3 = tile.program_id 1
    %4 = tile.program_id 2
    %cst = arith.constant 1.44269502 : f32
    %5 = arith.mulf %arg7, %cst : f32
    %6 = tile.iota : tensor<64xi32>
    %c0_i32 = arith.constant 0 : i32
    %7 = tile.load %arg0[%4, %3, %2, %c0_i32] : !tile.view<f16, 4> -> tensor<64x64xf16>
    %c0_i32_0 = arith.constant 0 : i32
    %8 = tile.load %arg3[%4, %3, %2, %c0_i32_0] : !tile.view<f16, 4> -> tensor<64x64xf16>
    %9 = tile.load %arg4[%4, %3, %2] : !tile.view<f32, 3> -> tensor<64xf32>
    %cst_1 = arith.constant dense<1.44269502> : tensor<64xf32>
    %10 = arith.mulf %9, %cst_1 : tensor<64xf32>
    %11 = tile.load %arg5[%4, %3, %2] : !tile.view<f32, 3> -> tensor<64xf32>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
    %c64_i32_3 = arith.constant 64 : i32
    %12 = arith.divsi %0, %c64_i32_3 : i32
    %c64_i32_4 = arith.constant 64 : i32
    %13 = arith.muli %12, %c64_i32_4 : i32
    %c0_i32_5 = arith.constant 0 : i32
    %14 = arith.maxsi %13, %c0_i32_5 : i32
    %c0_i32_6 = arith.constant 0 : i32
    %c64_i32_7 = arith.constant 64 : i32
    %15 = scf.for %arg9 = %c0_i32_6 to %14 step %c64_i32_7 iter_args(%arg10 = %cst_2) -> (tensor<64x64xf32>)  : i32 {
      %c0_i32_10 = arith.constant 0 : i32
      %20 = tile.load %arg1[%4, %3, %arg9, %c0_i32_10] : !tile.view<f16, 4> -> tensor<64x64xf16>
      %c0_i32_11 = arith.constant 0 : i32
      %21 = tile.load %arg2[%4, %3, %arg9, %c0_i32_11] : !tile.view<f16, 4> -> tensor<64x64xf16>
      %22 = tile.trans %20 : tensor<64x64xf16> -> tensor<64x64xf16>
      %cst_12 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
      %23 = tile.dot %7, %22, %cst_12 : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
      %24 = tile.splat %5 : f32 -> tensor<64x64xf32>
      %25 = arith.mulf %23, %24 : tensor<64x64xf32>
      %26 = tile.expand_dims %10 axis 1 : tensor<64xf32> -> tensor<64x1xf32>
      %27 = tile.broadcast %26 : tensor<64x1xf32> -> tensor<64x64xf32>
      %28 = arith.subf %25, %27 : tensor<64x64xf32>
      %29 = math.exp2 %28 : tensor<64x64xf32>
      %30 = tile.trans %21 : tensor<64x64xf16> -> tensor<64x64xf16>
      %cst_13 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
      %31 = tile.dot %8, %30, %cst_13 : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
      %32 = tile.expand_dims %11 axis 1 : tensor<64xf32> -> tensor<64x1xf32>
      %33 = tile.broadcast %32 : tensor<64x1xf32> -> tensor<64x64xf32>
      %34 = arith.subf %31, %33 : tensor<64x64xf32>
      %35 = arith.mulf %29, %34 : tensor<64x64xf32>
      %36 = arith.truncf %35 : tensor<64x64xf32> to tensor<64x64xf16>
      %37 = tile.dot %36, %20, %arg10 : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
      scf.yield %37 : tensor<64x64xf32>
    }
    %c64_i32_8 = arith.constant 64 : i32
    %16 = scf.for %arg9 = %14 to %0 step %c64_i32_8 iter_args(%arg10 = %15) -> (tensor<64x64xf32>)  : i32 {
      %c0_i32_10 = arith.constant 0 : i32
      %20 = tile.load %arg1[%4, %3, %arg9, %c0_i32_10] : !tile.view<f16, 4> -> tensor<64x64xf16>
      %c0_i32_11 = arith.constant 0 : i32
      %21 = tile.load %arg2[%4, %3, %arg9, %c0_i32_11] : !tile.view<f16, 4> -> tensor<64x64xf16>
      %22 = tile.splat %arg9 : i32 -> tensor<64xi32>
      %23 = arith.addi %22, %6 : tensor<64xi32>
      %24 = tile.trans %20 : tensor<64x64xf16> -> tensor<64x64xf16>
      %cst_12 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
      %25 = tile.dot %7, %24, %cst_12 : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
      %26 = tile.splat %5 : f32 -> tensor<64x64xf32>
      %27 = arith.mulf %25, %26 : tensor<64x64xf32>
      %28 = tile.expand_dims %23 axis 0 : tensor<64xi32> -> tensor<1x64xi32>
      %29 = tile.splat %0 : i32 -> tensor<1x64xi32>
      %30 = arith.cmpi slt, %28, %29 : tensor<1x64xi32>
      %31 = tile.expand_dims %10 axis 1 : tensor<64xf32> -> tensor<64x1xf32>
      %32 = tile.broadcast %31 : tensor<64x1xf32> -> tensor<64x64xf32>
      %33 = arith.subf %27, %32 : tensor<64x64xf32>
      %34 = math.exp2 %33 : tensor<64x64xf32>
      %35 = tile.broadcast %30 : tensor<1x64xi1> -> tensor<64x64xi1>
      %cst_13 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
      %36 = arith.select %35, %34, %cst_13 : tensor<64x64xi1>, tensor<64x64xf32>
      %37 = tile.trans %21 : tensor<64x64xf16> -> tensor<64x64xf16>
      %cst_14 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
      %38 = tile.dot %8, %37, %cst_14 : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
      %39 = tile.expand_dims %11 axis 1 : tensor<64xf32> -> tensor<64x1xf32>
      %40 = tile.broadcast %39 : tensor<64x1xf32> -> tensor<64x64xf32>
      %41 = arith.subf %38, %40 : tensor<64x64xf32>
      %42 = arith.mulf %36, %41 : tensor<64x64xf32>
      %43 = arith.truncf %42 : tensor<64x64xf32> to tensor<64x64xf16>
      %44 = tile.dot %43, %20, %arg10 : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
      scf.yield %44 : tensor<64x64xf32>
    }
    %17 = tile.splat %arg7 : f32 -> tensor<64x64xf32>
    %18 = arith.mulf %16, %17 : tensor<64x64xf32>
    %19 = arith.truncf %18 : tensor<64x64xf32> to tensor<64x64xf16>
    %c0_i32_9 = arith.constant 0 : i32
    tile.store %19, %arg8[%4, %3, %2, %c0_i32_9] : tensor<64x64xf16> -> !tile.view<f16, 4>
    return
  }
}

