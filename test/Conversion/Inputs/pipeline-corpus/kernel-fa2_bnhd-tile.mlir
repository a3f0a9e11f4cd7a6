#map = affine_map<()[s0, s1, s2] -> (s2 ceildiv 128, s1, s0)>
module {
  func.func @fa2_bnhd(%arg0: !tile.view<f16, 4> {tile.name = "Q", tile.role = "input", tile.shape = ["B", "H", "N", 64]}, %arg1: !tile.view<f16, 4> {tile.name = "K", tile.role = "input", tile.shape = ["B", "H", "N", 64]}, %arg2: !tile.view<f16, 4> {tile.name = "V", tile.role = "input", tile.shape = ["B", "H", "N", 64]}, %arg3: !tile.view<f32, 1> {tile.name = "Slopes", tile.role = "input", tile.shape = ["H"]}, %arg4: f32 {tile.name = "sm_scale"}, %arg5: !tile.view<f16, 4> {tile.name = "Out", tile.role = "output", tile.shape = ["B", "H", "N", 64]}, %arg6: !tile.view<f32, 3> {tile.name = "Lse", tile.role = "output", tile.shape = ["B", "H", "N"]}) attributes {tile.constants = {ALIBI = false, BLOCK_M = 128 : i64, BLOCK_N = 64 : i64, CAUSAL = false, DTYPE = f16, HEAD_DIM = 64 : i64, NUM_STAGES = 2 : i64, NUM_WARPS = 8 : i64, WINDOW_LEFT = -1 : i64, WINDOW_RIGHT = -1 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 8 : i32, tile.sizes = ["B", "H", "N"]} {
    %0 = tile.dim %arg0, 2 : !tile.view<f16, 4>
    %1 = tile.program_id 0
    %c128_i32 = arith.constant 128 : i32
    %2 = arith.muli %1, %c128_i32 : i32
    %3 = tile.program_id 1
    %4 = tile.program_id 2
    %cst = arith.constant 1.44269502 : f32
    %5 = arith.mulf %arg4, %cst : f32
    %6 = tile.iota : tensor<64xi32>
    %c0_i32 = arith.constant 0 : i32
    %7 = tile.load %arg0[%4, %3, %2, %c0_i32] : !tile.view<f16, 4> -> tensor<128x64xf16>
    %cst_0 = arith.constant dense<0xFF800000> : tensor<128xf32>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<128xf32>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
    %c64_i32 = arith.constant 64 : i32
    %8 = arith.divsi %0, %c64_i32 : i32
    %c64_i32_3 = arith.constant 64 : i32
    %9 = arith.muli %8, %c64_i32_3 : i32
    %c0_i32_4 = arith.constant 0 : i32
    %10 = arith.maxsi %9, %c0_i32_4 : i32
    %c0_i32_5 = arith.constant 0 : i32
    %c64_i32_6 = arith.constant 64 : i32
    %11:3 = scf.for %arg7 = %c0_i32_5 to %10 step %c64_i32_6 iter_args(%arg8 = %cst_0, %arg9 = %cst_1, %arg10 = %cst_2) -> (tensor<128xf32>, tensor<128xf32>, tensor<128x64xf32>)  : i32 {
      %c0_i32_12 = arith.constant 0 : i32
      %22 = tile.load %arg1[%4, %3, %arg7, %c0_i32_12] : !tile.view<f16, 4> -> tensor<64x64xf16>
      %c0_i32_13 = arith.constant 0 : i32
      %23 = tile.load %arg2[%4, %3, %arg7, %c0_i32_13] : !tile.view<f16, 4> -> tensor<64x64xf16>
      %24 = tile.trans %22 : tensor<64x64xf16> -> tensor<64x64xf16>
      %cst_14 = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
      %25 = tile.dot %7, %24, %cst_14 : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
      %26 = tile.splat %5 : f32 -> tensor<128x64xf32>
      %27 = arith.mulf %25, %26 : tensor<128x64xf32>
      %newM, %newL, %newAcc = tile.online_softmax %27, %23, %arg8, %arg9, %arg10 : tensor<128x64xf32>, tensor<64x64xf16>, tensor<128xf32>, tensor<128x64xf32>
      scf.yield %newM, %newL, %newAcc : tensor<128xf32>, tensor<128xf32>, tensor<128x64xf32>
    }
    %c64_i32_7 = arith.constant 64 : i32
    %12:3 = scf.for %arg7 = %10 to %0 step %c64_i32_7 iter_args(%arg8 = %11#0, %arg9 = %11#1, %arg10 = %11#2) -> (tensor<128xf32>, tensor<128xf32>, tensor<128x64xf32>)  : i32 {
      %c0_i32_12 = arith.constant 0 : i32
      %22 = tile.load %arg1[%4, %3, %arg7, %c0_i32_12] : !tile.view<f16, 4> -> tensor<64x64xf16>
      %c0_i32_13 = arith.constant 0 : i32
      %23 = tile.load %arg2[%4, %3, %arg7, %c0_i32_13] : !tile.view<f16, 4> -> tensor<64x64xf16>
      %24 = tile.trans %22 : tensor<64x64xf16> -> tensor<64x64xf16>
      %cst_14 = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
      %25 = tile.dot %7, %24, %cst_14 : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
      %26 = tile.splat %5 : f32 -> tensor<128x64xf32>
      %27 = arith.mulf %25, %26 : tensor<128x64xf32>
      %28 = tile.splat %arg7 : i32 -> tensor<64xi32>
      %29 = arith.addi %28, %6 : tensor<64xi32>
      %30 = tile.expand_dims %29 axis 0 : tensor<64xi32> -> tensor<1x64xi32>
      %31 = tile.splat %0 : i32 -> tensor<1x64xi32>
      %32 = arith.cmpi slt, %30, %31 : tensor<1x64xi32>
      %33 = tile.broadcast %32 : tensor<1x64xi1> -> tensor<128x64xi1>
      %cst_15 = arith.constant dense<0xFF800000> : tensor<128x64xf32>
      %34 = arith.select %33, %27, %cst_15 : tensor<128x64xi1>, tensor<128x64xf32>
      %newM, %newL, %newAcc = tile.online_softmax %34, %23, %arg8, %arg9, %arg10 : tensor<128x64xf32>, tensor<64x64xf16>, tensor<128xf32>, tensor<128x64xf32>
      scf.yield %newM, %newL, %newAcc : tensor<128xf32>, tensor<128xf32>, tensor<128x64xf32>
    }
    %cst_8 = arith.constant dense<0.000000e+00> : tensor<128xf32>
    %13 = arith.cmpf oeq, %12#1, %cst_8 : tensor<128xf32>
    %cst_9 = arith.constant dense<1.000000e+00> : tensor<128xf32>
    %14 = arith.select %13, %cst_9, %12#1 : tensor<128xi1>, tensor<128xf32>
    %15 = tile.expand_dims %14 axis 1 : tensor<128xf32> -> tensor<128x1xf32>
    %16 = tile.broadcast %15 : tensor<128x1xf32> -> tensor<128x64xf32>
    %17 = arith.divf %12#2, %16 : tensor<128x64xf32>
    %18 = arith.truncf %17 : tensor<128x64xf32> to tensor<128x64xf16>
    %c0_i32_10 = arith.constant 0 : i32
    tile.store %18, %arg5[%4, %3, %2, %c0_i32_10] : tensor<128x64xf16> -> !tile.view<f16, 4>
    %19 = math.log2 %12#1 : tensor<128xf32>
    %20 = arith.addf %12#0, %19 : tensor<128xf32>
    %cst_11 = arith.constant dense<0.693147182> : tensor<128xf32>
    %21 = arith.mulf %20, %cst_11 : tensor<128xf32>
    tile.store %21, %arg6[%4, %3, %2] : tensor<128xf32> -> !tile.view<f32, 3>
    return
  }
}

