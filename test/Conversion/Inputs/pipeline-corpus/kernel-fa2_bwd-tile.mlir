#map = affine_map<()[s0, s1, s2] -> (s2 ceildiv 64, s1, s0)>
#map1 = affine_map<()[s0, s1, s2, s3] -> (s2 ceildiv 64, s1, s0)>
module {
  func.func @fa2_bwd_preprocess(%arg0: !tile.view<f16, 4> {tile.name = "Out", tile.role = "input", tile.shape = ["B", "H", "N", 64]}, %arg1: !tile.view<f16, 4> {tile.name = "dO", tile.role = "input", tile.shape = ["B", "H", "N", 64]}, %arg2: !tile.view<f32, 3> {tile.name = "Delta", tile.role = "output", tile.shape = ["B", "H", "N"]}) attributes {tile.constants = {ALIBI = false, BLOCK_M = 64 : i64, CAUSAL = false, DKDV_BLOCK_M = 64 : i64, DKDV_BLOCK_N = 64 : i64, DKDV_NUM_STAGES = 2 : i64, DKDV_NUM_WARPS = 4 : i64, DQ_BLOCK_M = 64 : i64, DQ_BLOCK_N = 64 : i64, DQ_NUM_STAGES = 2 : i64, DQ_NUM_WARPS = 4 : i64, DTYPE = f16, HEAD_DIM = 64 : i64, NUM_STAGES = 2 : i64, PREFETCH = false, WINDOW_LEFT = -1 : i64, WINDOW_RIGHT = -1 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 4 : i32, tile.sizes = ["B", "H", "N"]} {
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
  func.func @fa2_bwd_dkdv(%arg0: !tile.view<f16, 4> {tile.name = "Q", tile.role = "input", tile.shape = ["B", "H", "N", 64]}, %arg1: !tile.view<f16, 4> {tile.name = "K", tile.role = "input", tile.shape = ["B", "HK", "N", 64]}, %arg2: !tile.view<f16, 4> {tile.name = "V", tile.role = "input", tile.shape = ["B", "HK", "N", 64]}, %arg3: !tile.view<f16, 4> {tile.name = "dO", tile.role = "input", tile.shape = ["B", "H", "N", 64]}, %arg4: !tile.view<f32, 3> {tile.name = "Lse", tile.role = "input", tile.shape = ["B", "H", "N"]}, %arg5: !tile.view<f32, 3> {tile.name = "Delta", tile.role = "input", tile.shape = ["B", "H", "N"]}, %arg6: !tile.view<f32, 1> {tile.name = "Slopes", tile.role = "input", tile.shape = ["H"]}, %arg7: f32 {tile.name = "sm_scale"}, %arg8: !tile.view<f16, 4> {tile.name = "dK", tile.role = "output", tile.shape = ["B", "H", "N", 64]}, %arg9: !tile.view<f16, 4> {tile.name = "dV", tile.role = "output", tile.shape = ["B", "H", "N", 64]}) attributes {tile.constants = {ALIBI = false, BLOCK_M = 64 : i64, CAUSAL = false, DKDV_BLOCK_M = 64 : i64, DKDV_BLOCK_N = 64 : i64, DKDV_NUM_STAGES = 2 : i64, DKDV_NUM_WARPS = 4 : i64, DQ_BLOCK_M = 64 : i64, DQ_BLOCK_N = 64 : i64, DQ_NUM_STAGES = 2 : i64, DQ_NUM_WARPS = 4 : i64, DTYPE = f16, HEAD_DIM = 64 : i64, NUM_STAGES = 2 : i64, PREFETCH = false, WINDOW_LEFT = -1 : i64, WINDOW_RIGHT = -1 : i64}, tile.grid = #map1, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 4 : i32, tile.prefetch_registers = false, tile.sizes = ["B", "H", "N", "HK"]} {
    %0 = tile.dim %arg0, 1 : !tile.view<f16, 4>
    %1 = tile.dim %arg1, 1 : !tile.view<f16, 4>
    %2 = tile.dim %arg0, 2 : !tile.view<f16, 4>
    %3 = tile.program_id 0
    %c64_i32 = arith.constant 64 : i32
    %4 = arith.muli %3, %c64_i32 : i32
    %5 = tile.program_id 1
    %6 = arith.divsi %0, %1 : i32
    %7 = arith.divsi %5, %6 : i32
    %8 = tile.program_id 2
    %cst = arith.constant 1.44269502 : f32
    %9 = arith.mulf %arg7, %cst : f32
    %c0_i32 = arith.constant 0 : i32
    %10 = tile.load %arg1[%8, %7, %4, %c0_i32] : !tile.view<f16, 4> -> tensor<64x64xf16>
    %c0_i32_0 = arith.constant 0 : i32
    %11 = tile.load %arg2[%8, %7, %4, %c0_i32_0] : !tile.view<f16, 4> -> tensor<64x64xf16>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
    %12 = arith.minsi %2, %2 : i32
    %c0_i32_3 = arith.constant 0 : i32
    %13 = arith.maxsi %12, %c0_i32_3 : i32
    %c0_i32_4 = arith.constant 0 : i32
    %c64_i32_5 = arith.constant 64 : i32
    %14:2 = scf.for %arg10 = %c0_i32_4 to %13 step %c64_i32_5 iter_args(%arg11 = %cst_2, %arg12 = %cst_1) -> (tensor<64x64xf32>, tensor<64x64xf32>)  : i32 {
      %c0_i32_8 = arith.constant 0 : i32
      %19 = tile.load %arg0[%8, %5, %arg10, %c0_i32_8] : !tile.view<f16, 4> -> tensor<64x64xf16>
      %c0_i32_9 = arith.constant 0 : i32
      %20 = tile.load %arg3[%8, %5, %arg10, %c0_i32_9] : !tile.view<f16, 4> -> tensor<64x64xf16>
      %21 = tile.load %arg4[%8, %5, %arg10] : !tile.view<f32, 3> -> tensor<64xf32>
      %cst_10 = arith.constant dense<1.44269502> : tensor<64xf32>
      %22 = arith.mulf %21, %cst_10 : tensor<64xf32>
      %23 = tile.load %arg5[%8, %5, %arg10] : !tile.view<f32, 3> -> tensor<64xf32>
      %24 = tile.trans %19 : tensor<64x64xf16> -> tensor<64x64xf16>
      %cst_11 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
      %25 = tile.dot %10, %24, %cst_11 : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
      %26 = tile.splat %9 : f32 -> tensor<64x64xf32>
      %27 = arith.mulf %25, %26 : tensor<64x64xf32>
      %28 = tile.expand_dims %22 axis 0 : tensor<64xf32> -> tensor<1x64xf32>
      %29 = tile.broadcast %28 : tensor<1x64xf32> -> tensor<64x64xf32>
      %30 = arith.subf %27, %29 : tensor<64x64xf32>
      %31 = math.exp2 %30 : tensor<64x64xf32>
      %32 = arith.truncf %31 : tensor<64x64xf32> to tensor<64x64xf16>
      %33 = tile.dot %32, %20, %arg11 : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
      %34 = tile.trans %20 : tensor<64x64xf16> -> tensor<64x64xf16>
      %cst_12 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
      %35 = tile.dot %11, %34, %cst_12 : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
      %36 = tile.expand_dims %23 axis 0 : tensor<64xf32> -> tensor<1x64xf32>
      %37 = tile.broadcast %36 : tensor<1x64xf32> -> tensor<64x64xf32>
      %38 = arith.subf %35, %37 : tensor<64x64xf32>
      %39 = arith.mulf %31, %38 : tensor<64x64xf32>
      %40 = arith.truncf %39 : tensor<64x64xf32> to tensor<64x64xf16>
      %41 = tile.dot %40, %19, %arg12 : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
      scf.yield %33, %41 : tensor<64x64xf32>, tensor<64x64xf32>
    }
    %15 = tile.splat %arg7 : f32 -> tensor<64x64xf32>
    %16 = arith.mulf %14#1, %15 : tensor<64x64xf32>
    %17 = arith.truncf %16 : tensor<64x64xf32> to tensor<64x64xf16>
    %c0_i32_6 = arith.constant 0 : i32
    tile.store %17, %arg8[%8, %5, %4, %c0_i32_6] : tensor<64x64xf16> -> !tile.view<f16, 4>
    %18 = arith.truncf %14#0 : tensor<64x64xf32> to tensor<64x64xf16>
    %c0_i32_7 = arith.constant 0 : i32
    tile.store %18, %arg9[%8, %5, %4, %c0_i32_7] : tensor<64x64xf16> -> !tile.view<f16, 4>
    return
  }
  func.func @fa2_bwd_dq(%arg0: !tile.view<f16, 4> {tile.name = "Q", tile.role = "input", tile.shape = ["B", "H", "N", 64]}, %arg1: !tile.view<f16, 4> {tile.name = "K", tile.role = "input", tile.shape = ["B", "HK", "N", 64]}, %arg2: !tile.view<f16, 4> {tile.name = "V", tile.role = "input", tile.shape = ["B", "HK", "N", 64]}, %arg3: !tile.view<f16, 4> {tile.name = "dO", tile.role = "input", tile.shape = ["B", "H", "N", 64]}, %arg4: !tile.view<f32, 3> {tile.name = "Lse", tile.role = "input", tile.shape = ["B", "H", "N"]}, %arg5: !tile.view<f32, 3> {tile.name = "Delta", tile.role = "input", tile.shape = ["B", "H", "N"]}, %arg6: !tile.view<f32, 1> {tile.name = "Slopes", tile.role = "input", tile.shape = ["H"]}, %arg7: f32 {tile.name = "sm_scale"}, %arg8: !tile.view<f16, 4> {tile.name = "dQ", tile.role = "output", tile.shape = ["B", "H", "N", 64]}) attributes {tile.constants = {ALIBI = false, BLOCK_M = 64 : i64, CAUSAL = false, DKDV_BLOCK_M = 64 : i64, DKDV_BLOCK_N = 64 : i64, DKDV_NUM_STAGES = 2 : i64, DKDV_NUM_WARPS = 4 : i64, DQ_BLOCK_M = 64 : i64, DQ_BLOCK_N = 64 : i64, DQ_NUM_STAGES = 2 : i64, DQ_NUM_WARPS = 4 : i64, DTYPE = f16, HEAD_DIM = 64 : i64, NUM_STAGES = 2 : i64, PREFETCH = false, WINDOW_LEFT = -1 : i64, WINDOW_RIGHT = -1 : i64}, tile.grid = #map1, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 4 : i32, tile.sizes = ["B", "H", "N", "HK"]} {
    %0 = tile.dim %arg0, 1 : !tile.view<f16, 4>
    %1 = tile.dim %arg1, 1 : !tile.view<f16, 4>
    %2 = tile.dim %arg0, 2 : !tile.view<f16, 4>
    %3 = tile.program_id 0
    %c64_i32 = arith.constant 64 : i32
    %4 = arith.muli %3, %c64_i32 : i32
    %5 = tile.program_id 1
    %6 = arith.divsi %0, %1 : i32
    %7 = arith.divsi %5, %6 : i32
    %8 = tile.program_id 2
    %cst = arith.constant 1.44269502 : f32
    %9 = arith.mulf %arg7, %cst : f32
    %10 = tile.iota : tensor<64xi32>
    %c0_i32 = arith.constant 0 : i32
    %11 = tile.load %arg0[%8, %5, %4, %c0_i32] : !tile.view<f16, 4> -> tensor<64x64xf16>
    %c0_i32_0 = arith.constant 0 : i32
    %12 = tile.load %arg3[%8, %5, %4, %c0_i32_0] : !tile.view<f16, 4> -> tensor<64x64xf16>
    %13 = tile.load %arg4[%8, %5, %4] : !tile.view<f32, 3> -> tensor<64xf32>
    %cst_1 = arith.constant dense<1.44269502> : tensor<64xf32>
    %14 = arith.mulf %13, %cst_1 : tensor<64xf32>
    %15 = tile.load %arg5[%8, %5, %4] : !tile.view<f32, 3> -> tensor<64xf32>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
    %c64_i32_3 = arith.constant 64 : i32
    %16 = arith.divsi %2, %c64_i32_3 : i32
    %c64_i32_4 = arith.constant 64 : i32
    %17 = arith.muli %16, %c64_i32_4 : i32
    %c0_i32_5 = arith.constant 0 : i32
    %18 = arith.maxsi %17, %c0_i32_5 : i32
    %c0_i32_6 = arith.constant 0 : i32
    %c64_i32_7 = arith.constant 64 : i32
    %19 = scf.for %arg9 = %c0_i32_6 to %18 step %c64_i32_7 iter_args(%arg10 = %cst_2) -> (tensor<64x64xf32>)  : i32 {
      %c0_i32_10 = arith.constant 0 : i32
      %24 = tile.load %arg1[%8, %7, %arg9, %c0_i32_10] : !tile.view<f16, 4> -> tensor<64x64xf16>
      %c0_i32_11 = arith.constant 0 : i32
      %25 = tile.load %arg2[%8, %7, %arg9, %c0_i32_11] : !tile.view<f16, 4> -> tensor<64x64xf16>
      %26 = tile.trans %24 : tensor<64x64xf16> -> tensor<64x64xf16>
      %cst_12 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
      %27 = tile.dot %11, %26, %cst_12 : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
      %28 = tile.splat %9 : f32 -> tensor<64x64xf32>
      %29 = arith.mulf %27, %28 : tensor<64x64xf32>
      %30 = tile.expand_dims %14 axis 1 : tensor<64xf32> -> tensor<64x1xf32>
      %31 = tile.broadcast %30 : tensor<64x1xf32> -> tensor<64x64xf32>
      %32 = arith.subf %29, %31 : tensor<64x64xf32>
      %33 = math.exp2 %32 : tensor<64x64xf32>
      %34 = tile.trans %25 : tensor<64x64xf16> -> tensor<64x64xf16>
      %cst_13 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
      %35 = tile.dot %12, %34, %cst_13 : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
      %36 = tile.expand_dims %15 axis 1 : tensor<64xf32> -> tensor<64x1xf32>
      %37 = tile.broadcast %36 : tensor<64x1xf32> -> tensor<64x64xf32>
      %38 = arith.subf %35, %37 : tensor<64x64xf32>
      %39 = arith.mulf %33, %38 : tensor<64x64xf32>
      %40 = arith.truncf %39 : tensor<64x64xf32> to tensor<64x64xf16>
      %41 = tile.dot %40, %24, %arg10 : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
      scf.yield %41 : tensor<64x64xf32>
    }
    %c64_i32_8 = arith.constant 64 : i32
    %20 = scf.for %arg9 = %18 to %2 step %c64_i32_8 iter_args(%arg10 = %19) -> (tensor<64x64xf32>)  : i32 {
      %c0_i32_10 = arith.constant 0 : i32
      %24 = tile.load %arg1[%8, %7, %arg9, %c0_i32_10] : !tile.view<f16, 4> -> tensor<64x64xf16>
      %c0_i32_11 = arith.constant 0 : i32
      %25 = tile.load %arg2[%8, %7, %arg9, %c0_i32_11] : !tile.view<f16, 4> -> tensor<64x64xf16>
      %26 = tile.splat %arg9 : i32 -> tensor<64xi32>
      %27 = arith.addi %26, %10 : tensor<64xi32>
      %28 = tile.trans %24 : tensor<64x64xf16> -> tensor<64x64xf16>
      %cst_12 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
      %29 = tile.dot %11, %28, %cst_12 : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
      %30 = tile.splat %9 : f32 -> tensor<64x64xf32>
      %31 = arith.mulf %29, %30 : tensor<64x64xf32>
      %32 = tile.expand_dims %27 axis 0 : tensor<64xi32> -> tensor<1x64xi32>
      %33 = tile.splat %2 : i32 -> tensor<1x64xi32>
      %34 = arith.cmpi slt, %32, %33 : tensor<1x64xi32>
      %35 = tile.expand_dims %14 axis 1 : tensor<64xf32> -> tensor<64x1xf32>
      %36 = tile.broadcast %35 : tensor<64x1xf32> -> tensor<64x64xf32>
      %37 = arith.subf %31, %36 : tensor<64x64xf32>
      %38 = math.exp2 %37 : tensor<64x64xf32>
      %39 = tile.broadcast %34 : tensor<1x64xi1> -> tensor<64x64xi1>
      %cst_13 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
      %40 = arith.select %39, %38, %cst_13 : tensor<64x64xi1>, tensor<64x64xf32>
      %41 = tile.trans %25 : tensor<64x64xf16> -> tensor<64x64xf16>
      %cst_14 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
      %42 = tile.dot %12, %41, %cst_14 : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
      %43 = tile.expand_dims %15 axis 1 : tensor<64xf32> -> tensor<64x1xf32>
      %44 = tile.broadcast %43 : tensor<64x1xf32> -> tensor<64x64xf32>
      %45 = arith.subf %42, %44 : tensor<64x64xf32>
      %46 = arith.mulf %40, %45 : tensor<64x64xf32>
      %47 = arith.truncf %46 : tensor<64x64xf32> to tensor<64x64xf16>
      %48 = tile.dot %47, %24, %arg10 : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
      scf.yield %48 : tensor<64x64xf32>
    }
    %21 = tile.splat %arg7 : f32 -> tensor<64x64xf32>
    %22 = arith.mulf %20, %21 : tensor<64x64xf32>
    %23 = arith.truncf %22 : tensor<64x64xf32> to tensor<64x64xf16>
    %c0_i32_9 = arith.constant 0 : i32
    tile.store %23, %arg8[%8, %5, %4, %c0_i32_9] : tensor<64x64xf16> -> !tile.view<f16, 4>
    return
  }
}

