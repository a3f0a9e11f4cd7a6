#map = affine_map<()[s0, s1] -> (s1 ceildiv 128, s0)>
module {
  func.func @fa2(%arg0: !tile.view<f16, 3> {tile.name = "Q", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg1: !tile.view<f16, 3> {tile.name = "K", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg2: !tile.view<f16, 3> {tile.name = "V", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg3: f32 {tile.name = "sm_scale"}, %arg4: !tile.view<f16, 3> {tile.name = "Out", tile.role = "output", tile.shape = ["BH", "N", 64]}, %arg5: !tile.view<f32, 2> {tile.name = "Lse", tile.role = "output", tile.shape = ["BH", "N"]}) attributes {tile.constants = {BLOCK_M = 128 : i64, BLOCK_N = 64 : i64, CAUSAL = false, DTYPE = f16, HEAD_DIM = 64 : i64, NUM_STAGES = 2 : i64, NUM_WARPS = 8 : i64, OVERLAP_DOTS = false, PERSISTENT = false, PING_PONG = false, WARP_SPECIALIZE = false, WINDOW_LEFT = -1 : i64, WINDOW_RIGHT = -1 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 8 : i32, tile.overlap_dots = false, tile.persistent = false, tile.ping_pong = false, tile.sizes = ["BH", "N"], tile.warp_specialize = false} {
    %0 = tile.dim %arg0, 1 : !tile.view<f16, 3>
    %1 = tile.program_id 0
    %c128_i32 = arith.constant 128 : i32
    %2 = arith.muli %1, %c128_i32 : i32
    %3 = tile.program_id 1
    %cst = arith.constant 1.44269502 : f32
    %4 = arith.mulf %arg3, %cst : f32
    %5 = tile.iota : tensor<64xi32>
    %c0_i32 = arith.constant 0 : i32
    %6 = tile.load %arg0[%3, %2, %c0_i32] : !tile.view<f16, 3> -> tensor<128x64xf16>
    %cst_0 = arith.constant dense<0xFF800000> : tensor<128xf32>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<128xf32>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
    %c64_i32 = arith.constant 64 : i32
    %7 = arith.divsi %0, %c64_i32 : i32
    %c64_i32_3 = arith.constant 64 : i32
    %8 = arith.muli %7, %c64_i32_3 : i32
    %c0_i32_4 = arith.constant 0 : i32
    %9 = arith.maxsi %8, %c0_i32_4 : i32
    %c0_i32_5 = arith.constant 0 : i32
    %c64_i32_6 = arith.constant 64 : i32
    %10:3 = scf.for %arg6 = %c0_i32_5 to %9 step %c64_i32_6 iter_args(%arg7 = %cst_0, %arg8 = %cst_1, %arg9 = %cst_2) -> (tensor<128xf32>, tensor<128xf32>, tensor<128x64xf32>)  : i32 {
      %c0_i32_13 = arith.constant 0 : i32
      %22 = tile.load %arg1[%3, %arg6, %c0_i32_13] : !tile.view<f16, 3> -> tensor<64x64xf16>
      %c0_i32_14 = arith.constant 0 : i32
      %23 = tile.load %arg2[%3, %arg6, %c0_i32_14] : !tile.view<f16, 3> -> tensor<64x64xf16>
      %24 = tile.trans %22 : tensor<64x64xf16> -> tensor<64x64xf16>
      %cst_15 = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
      %25 = tile.dot %6, %24, %cst_15 : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
      %newM, %newL, %newAcc = tile.online_softmax %25, %23, %arg7, %arg8, %arg9 scale %4 : tensor<128x64xf32>, tensor<64x64xf16>, tensor<128xf32>, tensor<128x64xf32>
      scf.yield %newM, %newL, %newAcc : tensor<128xf32>, tensor<128xf32>, tensor<128x64xf32>
    }
    %c64_i32_7 = arith.constant 64 : i32
    %11:3 = scf.for %arg6 = %9 to %0 step %c64_i32_7 iter_args(%arg7 = %10#0, %arg8 = %10#1, %arg9 = %10#2) -> (tensor<128xf32>, tensor<128xf32>, tensor<128x64xf32>)  : i32 {
      %c0_i32_13 = arith.constant 0 : i32
      %22 = tile.load %arg1[%3, %arg6, %c0_i32_13] : !tile.view<f16, 3> -> tensor<64x64xf16>
      %c0_i32_14 = arith.constant 0 : i32
      %23 = tile.load %arg2[%3, %arg6, %c0_i32_14] : !tile.view<f16, 3> -> tensor<64x64xf16>
      %24 = tile.trans %22 : tensor<64x64xf16> -> tensor<64x64xf16>
      %cst_15 = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
      %25 = tile.dot %6, %24, %cst_15 : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
      %26 = tile.splat %arg6 : i32 -> tensor<64xi32>
      %27 = arith.addi %26, %5 : tensor<64xi32>
      %28 = tile.expand_dims %27 axis 0 : tensor<64xi32> -> tensor<1x64xi32>
      %29 = tile.splat %0 : i32 -> tensor<1x64xi32>
      %30 = arith.cmpi slt, %28, %29 : tensor<1x64xi32>
      %31 = tile.broadcast %30 : tensor<1x64xi1> -> tensor<128x64xi1>
      %cst_16 = arith.constant dense<0xFF800000> : tensor<128x64xf32>
      %32 = arith.select %31, %25, %cst_16 : tensor<128x64xi1>, tensor<128x64xf32>
      %newM, %newL, %newAcc = tile.online_softmax %32, %23, %arg7, %arg8, %arg9 scale %4 : tensor<128x64xf32>, tensor<64x64xf16>, tensor<128xf32>, tensor<128x64xf32>
      scf.yield %newM, %newL, %newAcc : tensor<128xf32>, tensor<128xf32>, tensor<128x64xf32>
    }
    %cst_8 = arith.constant dense<0.000000e+00> : tensor<128xf32>
    %12 = arith.cmpf oeq, %11#1, %cst_8 : tensor<128xf32>
    %cst_9 = arith.constant dense<1.000000e+00> : tensor<128xf32>
    %13 = arith.select %12, %cst_9, %11#1 : tensor<128xi1>, tensor<128xf32>
    %cst_10 = arith.constant dense<1.000000e+00> : tensor<128xf32>
    %14 = arith.divf %cst_10, %13 : tensor<128xf32>
    %15 = tile.expand_dims %14 axis 1 : tensor<128xf32> -> tensor<128x1xf32>
    %16 = tile.broadcast %15 : tensor<128x1xf32> -> tensor<128x64xf32>
    %17 = arith.mulf %11#2, %16 : tensor<128x64xf32>
    %18 = arith.truncf %17 : tensor<128x64xf32> to tensor<128x64xf16>
    %c0_i32_11 = arith.constant 0 : i32
    tile.store %18, %arg4[%3, %2, %c0_i32_11] : tensor<128x64xf16> -> !tile.view<f16, 3>
    %19 = math.log2 %11#1 : tensor<128xf32>
    %20 = arith.addf %11#0, %19 : tensor<128xf32>
    %cst_12 = arith.constant dense<0.693147182> : tensor<128xf32>
    %21 = arith.mulf %20, %cst_12 : tensor<128xf32>
    tile.store %21, %arg5[%3, %2] : tensor<128xf32> -> !tile.view<f32, 2>
    return
  }
}

