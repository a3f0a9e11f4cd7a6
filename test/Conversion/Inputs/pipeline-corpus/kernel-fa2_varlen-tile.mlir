#map = affine_map<()[s0, s1, s2] -> (s1 ceildiv 128 + s2 - 1, s0)>
module {
  func.func @fa2_varlen(%arg0: !tile.view<f16, 3> {tile.name = "Q", tile.role = "input", tile.shape = ["H", "T", 64]}, %arg1: !tile.view<f16, 3> {tile.name = "K", tile.role = "input", tile.shape = ["H", "T", 64]}, %arg2: !tile.view<f16, 3> {tile.name = "V", tile.role = "input", tile.shape = ["H", "T", 64]}, %arg3: !tile.view<i32, 1> {tile.name = "CuSeqlens", tile.role = "input", tile.shape = ["B1"]}, %arg4: f32 {tile.name = "sm_scale"}, %arg5: !tile.view<f16, 3> {tile.name = "Out", tile.role = "output", tile.shape = ["H", "T", 64]}, %arg6: !tile.view<f32, 2> {tile.name = "Lse", tile.role = "output", tile.shape = ["H", "T"]}) attributes {tile.constants = {BLOCK_M = 128 : i64, BLOCK_N = 64 : i64, CAUSAL = false, DTYPE = f16, HEAD_DIM = 64 : i64, NUM_STAGES = 2 : i64, NUM_WARPS = 8 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 8 : i32, tile.sizes = ["H", "T", "B1"]} {
    %0 = tile.dim %arg3, 0 : !tile.view<i32, 1>
    %1 = tile.program_id 0
    %2 = tile.program_id 1
    %cst = arith.constant 1.44269502 : f32
    %3 = arith.mulf %arg4, %cst : f32
    %c1_i32 = arith.constant 1 : i32
    %4 = arith.subi %0, %c1_i32 : i32
    %c0_i32 = arith.constant 0 : i32
    %c1_i32_0 = arith.constant 1 : i32
    %c0_i32_1 = arith.constant 0 : i32
    %c0_i32_2 = arith.constant 0 : i32
    %c0_i32_3 = arith.constant 0 : i32
    %5:3 = scf.for %arg7 = %c0_i32 to %4 step %c1_i32_0 iter_args(%arg8 = %c0_i32_1, %arg9 = %c0_i32_2, %arg10 = %c0_i32_3) -> (i32, i32, i32)  : i32 {
      %34 = arith.cmpi sge, %1, %arg10 : i32
      %35 = arith.select %34, %arg7, %arg8 : i32
      %36 = arith.select %34, %arg10, %arg9 : i32
      %c1_i32_19 = arith.constant 1 : i32
      %37 = arith.addi %arg7, %c1_i32_19 : i32
      %38 = tile.load_scalar %arg3[%37] : !tile.view<i32, 1> -> i32
      %39 = tile.load_scalar %arg3[%arg7] : !tile.view<i32, 1> -> i32
      %40 = arith.subi %38, %39 : i32
      %c128_i32_20 = arith.constant 128 : i32
      %41 = arith.ceildivsi %40, %c128_i32_20 : i32
      %42 = arith.addi %arg10, %41 : i32
      scf.yield %35, %36, %42 : i32, i32, i32
    }
    %6 = arith.subi %1, %5#1 : i32
    %c128_i32 = arith.constant 128 : i32
    %7 = arith.muli %6, %c128_i32 : i32
    %8 = tile.load_scalar %arg3[%5#0] : !tile.view<i32, 1> -> i32
    %c1_i32_4 = arith.constant 1 : i32
    %9 = arith.addi %5#0, %c1_i32_4 : i32
    %10 = tile.load_scalar %arg3[%9] : !tile.view<i32, 1> -> i32
    %11 = arith.subi %10, %8 : i32
    %12 = tile.narrow %arg0, 1, %8, %11 : !tile.view<f16, 3>
    %13 = tile.narrow %arg1, 1, %8, %11 : !tile.view<f16, 3>
    %14 = tile.narrow %arg2, 1, %8, %11 : !tile.view<f16, 3>
    %15 = tile.narrow %arg5, 1, %8, %11 : !tile.view<f16, 3>
    %16 = tile.narrow %arg6, 1, %8, %11 : !tile.view<f32, 2>
    %17 = tile.iota : tensor<64xi32>
    %c0_i32_5 = arith.constant 0 : i32
    %18 = tile.load %12[%2, %7, %c0_i32_5] : !tile.view<f16, 3> -> tensor<128x64xf16>
    %cst_6 = arith.constant dense<0xFF800000> : tensor<128xf32>
    %cst_7 = arith.constant dense<0.000000e+00> : tensor<128xf32>
    %cst_8 = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
    %c64_i32 = arith.constant 64 : i32
    %19 = arith.divsi %11, %c64_i32 : i32
    %c64_i32_9 = arith.constant 64 : i32
    %20 = arith.muli %19, %c64_i32_9 : i32
    %c0_i32_10 = arith.constant 0 : i32
    %21 = arith.maxsi %20, %c0_i32_10 : i32
    %c0_i32_11 = arith.constant 0 : i32
    %c64_i32_12 = arith.constant 64 : i32
    %22:3 = scf.for %arg7 = %c0_i32_11 to %21 step %c64_i32_12 iter_args(%arg8 = %cst_6, %arg9 = %cst_7, %arg10 = %cst_8) -> (tensor<128xf32>, tensor<128xf32>, tensor<128x64xf32>)  : i32 {
      %c0_i32_19 = arith.constant 0 : i32
      %34 = tile.load %13[%2, %arg7, %c0_i32_19] : !tile.view<f16, 3> -> tensor<64x64xf16>
      %c0_i32_20 = arith.constant 0 : i32
      %35 = tile.load %14[%2, %arg7, %c0_i32_20] : !tile.view<f16, 3> -> tensor<64x64xf16>
      %36 = tile.trans %34 : tensor<64x64xf16> -> tensor<64x64xf16>
      %cst_21 = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
      %37 = tile.dot %18, %36, %cst_21 : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
      %newM, %newL, %newAcc = tile.online_softmax %37, %35, %arg8, %arg9, %arg10 scale %3 : tensor<128x64xf32>, tensor<64x64xf16>, tensor<128xf32>, tensor<128x64xf32>
      scf.yield %newM, %newL, %newAcc : tensor<128xf32>, tensor<128xf32>, tensor<128x64xf32>
    }
    %c64_i32_13 = arith.constant 64 : i32
    %23:3 = scf.for %arg7 = %21 to %11 step %c64_i32_13 iter_args(%arg8 = %22#0, %arg9 = %22#1, %arg10 = %22#2) -> (tensor<128xf32>, tensor<128xf32>, tensor<128x64xf32>)  : i32 {
      %c0_i32_19 = arith.constant 0 : i32
      %34 = tile.load %13[%2, %arg7, %c0_i32_19] : !tile.view<f16, 3> -> tensor<64x64xf16>
      %c0_i32_20 = arith.constant 0 : i32
      %35 = tile.load %14[%2, %arg7, %c0_i32_20] : !tile.view<f16, 3> -> tensor<64x64xf16>
      %36 = tile.splat %arg7 : i32 -> tensor<64xi32>
      %37 = arith.addi %36, %17 : tensor<64xi32>
      %38 = tile.expand_dims %37 axis 0 : tensor<64xi32> -> tensor<1x64xi32>
      %39 = tile.splat %11 : i32 -> tensor<1x64xi32>
      %40 = arith.cmpi slt, %38, %39 : tensor<1x64xi32>
      %41 = tile.trans %34 : tensor<64x64xf16> -> tensor<64x64xf16>
      %cst_21 = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
      %42 = tile.dot %18, %41, %cst_21 : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
      %43 = tile.broadcast %40 : tensor<1x64xi1> -> tensor<128x64xi1>
      %cst_22 = arith.constant dense<0xFF800000> : tensor<128x64xf32>
      %44 = arith.select %43, %42, %cst_22 : tensor<128x64xi1>, tensor<128x64xf32>
      %newM, %newL, %newAcc = tile.online_softmax %44, %35, %arg8, %arg9, %arg10 scale %3 : tensor<128x64xf32>, tensor<64x64xf16>, tensor<128xf32>, tensor<128x64xf32>
      scf.yield %newM, %newL, %newAcc : tensor<128xf32>, tensor<128xf32>, tensor<128x64xf32>
    }
    %cst_14 = arith.constant dense<0.000000e+00> : tensor<128xf32>
    %24 = arith.cmpf oeq, %23#1, %cst_14 : tensor<128xf32>
    %cst_15 = arith.constant dense<1.000000e+00> : tensor<128xf32>
    %25 = arith.select %24, %cst_15, %23#1 : tensor<128xi1>, tensor<128xf32>
    %cst_16 = arith.constant dense<1.000000e+00> : tensor<128xf32>
    %26 = arith.divf %cst_16, %25 : tensor<128xf32>
    %27 = tile.expand_dims %26 axis 1 : tensor<128xf32> -> tensor<128x1xf32>
    %28 = tile.broadcast %27 : tensor<128x1xf32> -> tensor<128x64xf32>
    %29 = arith.mulf %23#2, %28 : tensor<128x64xf32>
    %30 = arith.truncf %29 : tensor<128x64xf32> to tensor<128x64xf16>
    %c0_i32_17 = arith.constant 0 : i32
    tile.store %30, %15[%2, %7, %c0_i32_17] : tensor<128x64xf16> -> !tile.view<f16, 3>
    %31 = math.log2 %23#1 : tensor<128xf32>
    %32 = arith.addf %23#0, %31 : tensor<128xf32>
    %cst_18 = arith.constant dense<0.693147182> : tensor<128xf32>
    %33 = arith.mulf %32, %cst_18 : tensor<128xf32>
    tile.store %33, %16[%2, %7] : tensor<128xf32> -> !tile.view<f32, 2>
    return
  }
}

