#map = affine_map<()[s0, s1, s2, s3] -> (s2 ceildiv 128, s1, s0)>
module {
  func.func @fa2_bnhd(%arg0: !tile.view<f16, 4> {tile.name = "Q", tile.role = "input", tile.shape = ["B", "H", "N", 64]}, %arg1: !tile.view<f16, 4> {tile.name = "K", tile.role = "input", tile.shape = ["B", "HK", "N", 64]}, %arg2: !tile.view<f16, 4> {tile.name = "V", tile.role = "input", tile.shape = ["B", "HK", "N", 64]}, %arg3: !tile.view<f32, 1> {tile.name = "Slopes", tile.role = "input", tile.shape = ["H"]}, %arg4: f32 {tile.name = "sm_scale"}, %arg5: !tile.view<f16, 4> {tile.name = "Out", tile.role = "output", tile.shape = ["B", "H", "N", 64]}, %arg6: !tile.view<f32, 3> {tile.name = "Lse", tile.role = "output", tile.shape = ["B", "H", "N"]}) attributes {tile.constants = {ALIBI = false, BLOCK_M = 128 : i64, BLOCK_N = 64 : i64, CAUSAL = false, DTYPE = f16, HEAD_DIM = 64 : i64, NUM_STAGES = 2 : i64, NUM_WARPS = 8 : i64, OVERLAP_DOTS = false, PERSISTENT = false, PING_PONG = false, WARP_SPECIALIZE = false, WINDOW_LEFT = -1 : i64, WINDOW_RIGHT = -1 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 8 : i32, tile.overlap_dots = false, tile.persistent = false, tile.ping_pong = false, tile.sizes = ["B", "H", "N", "HK"], tile.warp_specialize = false} {
    %0 = tile.dim %arg0, 1 : !tile.view<f16, 4>
    %1 = tile.dim %arg1, 1 : !tile.view<f16, 4>
    %2 = tile.dim %arg0, 2 : !tile.view<f16, 4>
    %3 = tile.program_id 0
    %c128_i32 = arith.constant 128 : i32
    %4 = arith.muli %3, %c128_i32 : i32
    %5 = tile.program_id 1
    %6 = arith.divsi %0, %1 : i32
    %7 = arith.divsi %5, %6 : i32
    %8 = tile.program_id 2
    %cst = arith.constant 1.44269502 : f32
    %9 = arith.mulf %arg4, %cst : f32
    %10 = tile.iota : tensor<64xi32>
    %c0_i32 = arith.constant 0 : i32
    %11 = tile.load %arg0[%8, %5, %4, %c0_i32] : !tile.view<f16, 4> -> tensor<128x64xf16>
    %cst_0 = arith.constant dense<0xFF800000> : tensor<128xf32>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<128xf32>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
    %c64_i32 = arith.constant 64 : i32
    %12 = arith.divsi %2, %c64_i32 : i32
    %c64_i32_3 = arith.constant 64 : i32
    %13 = arith.muli %12, %c64_i32_3 : i32
    %c0_i32_4 = arith.constant 0 : i32
    %14 = arith.maxsi %13, %c0_i32_4 : i32
    %c0_i32_5 = arith.constant 0 : i32
    %c64_i32_6 = arith.constant 64 : i32
    %15:3 = scf.for %arg7 = %c0_i32_5 to %14 step %c64_i32_6 iter_args(%arg8 = %cst_0, %arg9 = %cst_1, %arg10 = %cst_2) -> (tensor<128xf32>, tensor<128xf32>, tensor<128x64xf32>)  : i32 {
      %c0_i32_13 = arith.constant 0 : i32
      %27 = tile.load %arg1[%8, %7, %arg7, %c0_i32_13] : !tile.view<f16, 4> -> tensor<64x64xf16>
      %c0_i32_14 = arith.constant 0 : i32
      %28 = tile.load %arg2[%8, %7, %arg7, %c0_i32_14] : !tile.view<f16, 4> -> tensor<64x64xf16>
      %29 = tile.trans %27 : tensor<64x64xf16> -> tensor<64x64xf16>
      %cst_15 = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
      %30 = tile.dot %11, %29, %cst_15 : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
      %newM, %newL, %newAcc = tile.online_softmax %30, %28, %arg8, %arg9, %arg10 scale %9 : tensor<128x64xf32>, tensor<64x64xf16>, tensor<128xf32>, tensor<128x64xf32>
      scf.yield %newM, %newL, %newAcc : tensor<128xf32>, tensor<128xf32>, tensor<128x64xf32>
    }
    %c64_i32_7 = arith.constant 64 : i32
    %16:3 = scf.for %arg7 = %14 to %2 step %c64_i32_7 iter_args(%arg8 = %15#0, %arg9 = %15#1, %arg10 = %15#2) -> (tensor<128xf32>, tensor<128xf32>, tensor<128x64xf32>)  : i32 {
      %c0_i32_13 = arith.constant 0 : i32
      %27 = tile.load %arg1[%8, %7, %arg7, %c0_i32_13] : !tile.view<f16, 4> -> tensor<64x64xf16>
      %c0_i32_14 = arith.constant 0 : i32
      %28 = tile.load %arg2[%8, %7, %arg7, %c0_i32_14] : !tile.view<f16, 4> -> tensor<64x64xf16>
      %29 = tile.trans %27 : tensor<64x64xf16> -> tensor<64x64xf16>
      %cst_15 = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
      %30 = tile.dot %11, %29, %cst_15 : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
      %31 = tile.splat %arg7 : i32 -> tensor<64xi32>
      %32 = arith.addi %31, %10 : tensor<64xi32>
      %33 = tile.expand_dims %32 axis 0 : tensor<64xi32> -> tensor<1x64xi32>
      %34 = tile.splat %2 : i32 -> tensor<1x64xi32>
      %35 = arith.cmpi slt, %33, %34 : tensor<1x64xi32>
      %36 = tile.broadcast %35 : tensor<1x64xi1> -> tensor<128x64xi1>
      %cst_16 = arith.constant dense<0xFF800000> : tensor<128x64xf32>
      %37 = arith.select %36, %30, %cst_16 : tensor<128x64xi1>, tensor<128x64xf32>
      %newM, %newL, %newAcc = tile.online_softmax %37, %28, %arg8, %arg9, %arg10 scale %9 : tensor<128x64xf32>, tensor<64x64xf16>, tensor<128xf32>, tensor<128x64xf32>
      scf.yield %newM, %newL, %newAcc : tensor<128xf32>, tensor<128xf32>, tensor<128x64xf32>
    }
    %cst_8 = arith.constant dense<0.000000e+00> : tensor<128xf32>
    %17 = arith.cmpf oeq, %16#1, %cst_8 : tensor<128xf32>
    %cst_9 = arith.constant dense<1.000000e+00> : tensor<128xf32>
    %18 = arith.select %17, %cst_9, %16#1 : tensor<128xi1>, tensor<128xf32>
    %cst_10 = arith.constant dense<1.000000e+00> : tensor<128xf32>
    %19 = arith.divf %cst_10, %18 : tensor<128xf32>
    %20 = tile.expand_dims %19 axis 1 : tensor<128xf32> -> tensor<128x1xf32>
    %21 = tile.broadcast %20 : tensor<128x1xf32> -> tensor<128x64xf32>
    %22 = arith.mulf %16#2, %21 : tensor<128x64xf32>
    %23 = arith.truncf %22 : tensor<128x64xf32> to tensor<128x64xf16>
    %c0_i32_11 = arith.constant 0 : i32
    tile.store %23, %arg5[%8, %5, %4, %c0_i32_11] : tensor<128x64xf16> -> !tile.view<f16, 4>
    %24 = math.log2 %16#1 : tensor<128xf32>
    %25 = arith.addf %16#0, %24 : tensor<128xf32>
    %cst_12 = arith.constant dense<0.693147182> : tensor<128xf32>
    %26 = arith.mulf %25, %cst_12 : tensor<128xf32>
    tile.store %26, %arg6[%8, %5, %4] : tensor<128xf32> -> !tile.view<f32, 3>
    return
  }
}

