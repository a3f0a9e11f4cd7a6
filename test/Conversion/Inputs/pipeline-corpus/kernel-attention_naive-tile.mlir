#map = affine_map<()[s0, s1] -> (s1 ceildiv 64, s0)>
module {
  func.func @attention_naive(%arg0: !tile.view<f16, 3> {tile.name = "Q", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg1: !tile.view<f16, 3> {tile.name = "K", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg2: !tile.view<f16, 3> {tile.name = "V", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg3: f32 {tile.name = "sm_scale"}, %arg4: !tile.view<f16, 3> {tile.name = "Out", tile.role = "output", tile.shape = ["BH", "N", 64]}) attributes {tile.constants = {BLOCK_M = 64 : i64, BLOCK_N = 64 : i64, CAUSAL = false, DTYPE = f16, HEAD_DIM = 64 : i64, NUM_STAGES = 1 : i64, NUM_WARPS = 4 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 1 : i32, tile.num_warps = 4 : i32, tile.sizes = ["BH", "N"]} {
    %0 = tile.dim %arg0, 1 : !tile.view<f16, 3>
    %1 = tile.program_id 0
    %c64_i32 = arith.constant 64 : i32
    %2 = arith.muli %1, %c64_i32 : i32
    %3 = tile.program_id 1
    %4 = tile.iota : tensor<64xi32>
    %c0_i32 = arith.constant 0 : i32
    %5 = tile.load %arg0[%3, %2, %c0_i32] : !tile.view<f16, 3> -> tensor<64x64xf16>
    %cst = arith.constant dense<0xFF800000> : tensor<64xf32>
    %c0_i32_0 = arith.constant 0 : i32
    %c64_i32_1 = arith.constant 64 : i32
    %6 = scf.for %arg5 = %c0_i32_0 to %0 step %c64_i32_1 iter_args(%arg6 = %cst) -> (tensor<64xf32>)  : i32 {
      %c0_i32_11 = arith.constant 0 : i32
      %16 = tile.load %arg1[%3, %arg5, %c0_i32_11] : !tile.view<f16, 3> -> tensor<64x64xf16>
      %17 = tile.splat %arg5 : i32 -> tensor<64xi32>
      %18 = arith.addi %17, %4 : tensor<64xi32>
      %19 = tile.expand_dims %18 axis 0 : tensor<64xi32> -> tensor<1x64xi32>
      %20 = tile.splat %0 : i32 -> tensor<1x64xi32>
      %21 = arith.cmpi slt, %19, %20 : tensor<1x64xi32>
      %22 = tile.trans %16 : tensor<64x64xf16> -> tensor<64x64xf16>
      %cst_12 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
      %23 = tile.dot %5, %22, %cst_12 : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
      %24 = tile.splat %arg3 : f32 -> tensor<64x64xf32>
      %25 = arith.mulf %23, %24 : tensor<64x64xf32>
      %26 = tile.broadcast %21 : tensor<1x64xi1> -> tensor<64x64xi1>
      %cst_13 = arith.constant dense<0xFF800000> : tensor<64x64xf32>
      %27 = arith.select %26, %25, %cst_13 : tensor<64x64xi1>, tensor<64x64xf32>
      %28 = tile.reduce max %27 axis 1 : tensor<64x64xf32> -> tensor<64xf32>
      %29 = arith.maximumf %arg6, %28 : tensor<64xf32>
      scf.yield %29 : tensor<64xf32>
    }
    %cst_2 = arith.constant dense<0xFF800000> : tensor<64xf32>
    %7 = arith.cmpf oeq, %6, %cst_2 : tensor<64xf32>
    %cst_3 = arith.constant dense<0.000000e+00> : tensor<64xf32>
    %8 = arith.select %7, %cst_3, %6 : tensor<64xi1>, tensor<64xf32>
    %cst_4 = arith.constant dense<0.000000e+00> : tensor<64xf32>
    %cst_5 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
    %c0_i32_6 = arith.constant 0 : i32
    %c64_i32_7 = arith.constant 64 : i32
    %9:2 = scf.for %arg5 = %c0_i32_6 to %0 step %c64_i32_7 iter_args(%arg6 = %cst_4, %arg7 = %cst_5) -> (tensor<64xf32>, tensor<64x64xf32>)  : i32 {
      %c0_i32_11 = arith.constant 0 : i32
      %16 = tile.load %arg1[%3, %arg5, %c0_i32_11] : !tile.view<f16, 3> -> tensor<64x64xf16>
      %c0_i32_12 = arith.constant 0 : i32
      %17 = tile.load %arg2[%3, %arg5, %c0_i32_12] : !tile.view<f16, 3> -> tensor<64x64xf16>
      %18 = tile.splat %arg5 : i32 -> tensor<64xi32>
      %19 = arith.addi %18, %4 : tensor<64xi32>
      %20 = tile.expand_dims %19 axis 0 : tensor<64xi32> -> tensor<1x64xi32>
      %21 = tile.splat %0 : i32 -> tensor<1x64xi32>
      %22 = arith.cmpi slt, %20, %21 : tensor<1x64xi32>
      %23 = tile.trans %16 : tensor<64x64xf16> -> tensor<64x64xf16>
      %cst_13 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
      %24 = tile.dot %5, %23, %cst_13 : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
      %25 = tile.splat %arg3 : f32 -> tensor<64x64xf32>
      %26 = arith.mulf %24, %25 : tensor<64x64xf32>
      %27 = tile.broadcast %22 : tensor<1x64xi1> -> tensor<64x64xi1>
      %cst_14 = arith.constant dense<0xFF800000> : tensor<64x64xf32>
      %28 = arith.select %27, %26, %cst_14 : tensor<64x64xi1>, tensor<64x64xf32>
      %29 = tile.expand_dims %8 axis 1 : tensor<64xf32> -> tensor<64x1xf32>
      %30 = tile.broadcast %29 : tensor<64x1xf32> -> tensor<64x64xf32>
      %31 = arith.subf %28, %30 : tensor<64x64xf32>
      %32 = math.exp %31 : tensor<64x64xf32>
      %33 = tile.reduce sum %32 axis 1 : tensor<64x64xf32> -> tensor<64xf32>
      %34 = arith.addf %arg6, %33 : tensor<64xf32>
      %35 = arith.truncf %32 : tensor<64x64xf32> to tensor<64x64xf16>
      %36 = tile.dot %35, %17, %arg7 : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
      scf.yield %34, %36 : tensor<64xf32>, tensor<64x64xf32>
    }
    %cst_8 = arith.constant dense<0.000000e+00> : tensor<64xf32>
    %10 = arith.cmpf oeq, %9#0, %cst_8 : tensor<64xf32>
    %cst_9 = arith.constant dense<1.000000e+00> : tensor<64xf32>
    %11 = arith.select %10, %cst_9, %9#0 : tensor<64xi1>, tensor<64xf32>
    %12 = tile.expand_dims %11 axis 1 : tensor<64xf32> -> tensor<64x1xf32>
    %13 = tile.broadcast %12 : tensor<64x1xf32> -> tensor<64x64xf32>
    %14 = arith.divf %9#1, %13 : tensor<64x64xf32>
    %15 = arith.truncf %14 : tensor<64x64xf32> to tensor<64x64xf16>
    %c0_i32_10 = arith.constant 0 : i32
    tile.store %15, %arg4[%3, %2, %c0_i32_10] : tensor<64x64xf16> -> !tile.view<f16, 3>
    return
  }
}

