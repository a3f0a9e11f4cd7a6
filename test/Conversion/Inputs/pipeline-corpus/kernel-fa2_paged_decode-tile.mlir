#map = affine_map<()[s0, s1, s2, s3, s4, s5] -> (s1, s0)>
#map1 = affine_map<()[s0, s1, s2, s3, s4, s5, s6, s7] -> (s7, s1, s0)>
#map2 = affine_map<()[s0, s1, s2, s3, s4] -> (s1, s4)>
module {
  func.func @fa2_paged_decode(%arg0: !tile.view<f16, 4> {tile.name = "Q", tile.role = "input", tile.shape = ["B", "H", "NQ", 128]}, %arg1: !tile.view<f16, 4> {tile.name = "KCache", tile.role = "input", tile.shape = ["NB", "HK", 64, 128]}, %arg2: !tile.view<f16, 4> {tile.name = "VCache", tile.role = "input", tile.shape = ["NB", "HK", 64, 128]}, %arg3: !tile.view<i32, 2> {tile.name = "BlockTable", tile.role = "input", tile.shape = ["B", "MAXB"]}, %arg4: !tile.view<i32, 1> {tile.name = "SeqLens", tile.role = "input", tile.shape = ["B"]}, %arg5: f32 {tile.name = "sm_scale"}, %arg6: !tile.view<f16, 4> {tile.name = "Out", tile.role = "output", tile.shape = ["B", "H", "NQ", 128]}, %arg7: !tile.view<f32, 3> {tile.name = "Lse", tile.role = "output", tile.shape = ["B", "H", "NQ"]}) attributes {tile.constants = {BLOCK_M = 16 : i64, CAUSAL = true, DTYPE = f16, HEAD_DIM = 128 : i64, NUM_STAGES = 2 : i64, NUM_WARPS = 4 : i64, PAGE = 64 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 4 : i32, tile.sizes = ["B", "H", "NQ", "NB", "HK", "MAXB"]} {
    %0 = tile.dim %arg0, 1 : !tile.view<f16, 4>
    %1 = tile.dim %arg1, 1 : !tile.view<f16, 4>
    %2 = tile.dim %arg0, 2 : !tile.view<f16, 4>
    %3 = tile.program_id 0
    %4 = tile.program_id 1
    %5 = arith.divsi %0, %1 : i32
    %6 = arith.divsi %3, %5 : i32
    %cst = arith.constant 1.44269502 : f32
    %7 = arith.mulf %arg5, %cst : f32
    %8 = tile.load_scalar %arg4[%4] : !tile.view<i32, 1> -> i32
    %9 = arith.subi %8, %2 : i32
    %10 = tile.iota : tensor<16xi32>
    %11 = tile.splat %9 : i32 -> tensor<16xi32>
    %12 = arith.addi %11, %10 : tensor<16xi32>
    %13 = tile.iota : tensor<64xi32>
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    %14 = tile.load %arg0[%4, %3, %c0_i32, %c0_i32_0] : !tile.view<f16, 4> -> tensor<16x128xf16>
    %cst_1 = arith.constant dense<0xFF800000> : tensor<16xf32>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<16xf32>
    %cst_3 = arith.constant dense<0.000000e+00> : tensor<16x128xf32>
    %c64_i32 = arith.constant 64 : i32
    %15 = arith.ceildivsi %8, %c64_i32 : i32
    %c0_i32_4 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %16:3 = scf.for %arg8 = %c0_i32_4 to %15 step %c1_i32 iter_args(%arg9 = %cst_1, %arg10 = %cst_2, %arg11 = %cst_3) -> (tensor<16xf32>, tensor<16xf32>, tensor<16x128xf32>)  : i32 {
      %27 = tile.load_scalar %arg3[%4, %arg8] : !tile.view<i32, 2> -> i32
      %c0_i32_12 = arith.constant 0 : i32
      %c0_i32_13 = arith.constant 0 : i32
      %28 = tile.load %arg1[%27, %6, %c0_i32_12, %c0_i32_13] : !tile.view<f16, 4> -> tensor<64x128xf16>
      %c0_i32_14 = arith.constant 0 : i32
      %c0_i32_15 = arith.constant 0 : i32
      %29 = tile.load %arg2[%27, %6, %c0_i32_14, %c0_i32_15] : !tile.view<f16, 4> -> tensor<64x128xf16>
      %c64_i32_16 = arith.constant 64 : i32
      %30 = arith.muli %arg8, %c64_i32_16 : i32
      %31 = tile.splat %30 : i32 -> tensor<64xi32>
      %32 = arith.addi %31, %13 : tensor<64xi32>
      %33 = tile.expand_dims %32 axis 0 : tensor<64xi32> -> tensor<1x64xi32>
      %34 = tile.splat %8 : i32 -> tensor<1x64xi32>
      %35 = arith.cmpi slt, %33, %34 : tensor<1x64xi32>
      %36 = tile.expand_dims %32 axis 0 : tensor<64xi32> -> tensor<1x64xi32>
      %37 = tile.expand_dims %12 axis 1 : tensor<16xi32> -> tensor<16x1xi32>
      %38 = tile.broadcast %36 : tensor<1x64xi32> -> tensor<16x64xi32>
      %39 = tile.broadcast %37 : tensor<16x1xi32> -> tensor<16x64xi32>
      %40 = arith.cmpi sle, %38, %39 : tensor<16x64xi32>
      %41 = tile.broadcast %35 : tensor<1x64xi1> -> tensor<16x64xi1>
      %42 = arith.andi %41, %40 : tensor<16x64xi1>
      %43 = tile.trans %28 : tensor<64x128xf16> -> tensor<128x64xf16>
      %cst_17 = arith.constant dense<0.000000e+00> : tensor<16x64xf32>
      %44 = tile.dot %14, %43, %cst_17 : tensor<16x128xf16>, tensor<128x64xf16> -> tensor<16x64xf32>
      %cst_18 = arith.constant dense<0xFF800000> : tensor<16x64xf32>
      %45 = arith.select %42, %44, %cst_18 : tensor<16x64xi1>, tensor<16x64xf32>
      %newM, %newL, %newAcc = tile.online_softmax %45, %29, %arg9, %arg10, %arg11 scale %7 : tensor<16x64xf32>, tensor<64x128xf16>, tensor<16xf32>, tensor<16x128xf32>
      scf.yield %newM, %newL, %newAcc : tensor<16xf32>, tensor<16xf32>, tensor<16x128xf32>
    }
    %cst_5 = arith.constant dense<0.000000e+00> : tensor<16xf32>
    %17 = arith.cmpf oeq, %16#1, %cst_5 : tensor<16xf32>
    %cst_6 = arith.constant dense<1.000000e+00> : tensor<16xf32>
    %18 = arith.select %17, %cst_6, %16#1 : tensor<16xi1>, tensor<16xf32>
    %cst_7 = arith.constant dense<1.000000e+00> : tensor<16xf32>
    %19 = arith.divf %cst_7, %18 : tensor<16xf32>
    %20 = tile.expand_dims %19 axis 1 : tensor<16xf32> -> tensor<16x1xf32>
    %21 = tile.broadcast %20 : tensor<16x1xf32> -> tensor<16x128xf32>
    %22 = arith.mulf %16#2, %21 : tensor<16x128xf32>
    %23 = arith.truncf %22 : tensor<16x128xf32> to tensor<16x128xf16>
    %c0_i32_8 = arith.constant 0 : i32
    %c0_i32_9 = arith.constant 0 : i32
    tile.store %23, %arg6[%4, %3, %c0_i32_8, %c0_i32_9] : tensor<16x128xf16> -> !tile.view<f16, 4>
    %24 = math.log2 %16#1 : tensor<16xf32>
    %25 = arith.addf %16#0, %24 : tensor<16xf32>
    %cst_10 = arith.constant dense<0.693147182> : tensor<16xf32>
    %26 = arith.mulf %25, %cst_10 : tensor<16xf32>
    %c0_i32_11 = arith.constant 0 : i32
    tile.store %26, %arg7[%4, %3, %c0_i32_11] : tensor<16xf32> -> !tile.view<f32, 3>
    return
  }
  func.func @fa2_paged_decode_split(%arg0: !tile.view<f16, 4> {tile.name = "Q", tile.role = "input", tile.shape = ["B", "H", "NQ", 128]}, %arg1: !tile.view<f16, 4> {tile.name = "KCache", tile.role = "input", tile.shape = ["NB", "HK", 64, 128]}, %arg2: !tile.view<f16, 4> {tile.name = "VCache", tile.role = "input", tile.shape = ["NB", "HK", 64, 128]}, %arg3: !tile.view<i32, 2> {tile.name = "BlockTable", tile.role = "input", tile.shape = ["B", "MAXB"]}, %arg4: !tile.view<i32, 1> {tile.name = "SeqLens", tile.role = "input", tile.shape = ["B"]}, %arg5: f32 {tile.name = "sm_scale"}, %arg6: !tile.view<f32, 4> {tile.name = "OutSplit", tile.role = "output", tile.shape = ["SB", "H", "NQ", 128]}, %arg7: !tile.view<f32, 4> {tile.name = "LseSplit", tile.role = "output", tile.shape = ["S", "B", "H", "NQ"]}) attributes {tile.constants = {BLOCK_M = 16 : i64, CAUSAL = true, DTYPE = f16, HEAD_DIM = 128 : i64, NUM_STAGES = 2 : i64, NUM_WARPS = 4 : i64, PAGE = 64 : i64}, tile.grid = #map1, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 4 : i32, tile.sizes = ["B", "H", "NQ", "NB", "HK", "MAXB", "SB", "S"]} {
    %0 = tile.dim %arg0, 1 : !tile.view<f16, 4>
    %1 = tile.dim %arg1, 1 : !tile.view<f16, 4>
    %2 = tile.dim %arg7, 0 : !tile.view<f32, 4>
    %3 = tile.dim %arg0, 2 : !tile.view<f16, 4>
    %4 = tile.dim %arg0, 0 : !tile.view<f16, 4>
    %5 = tile.program_id 0
    %6 = tile.program_id 1
    %7 = tile.program_id 2
    %8 = arith.divsi %0, %1 : i32
    %9 = arith.divsi %6, %8 : i32
    %cst = arith.constant 1.44269502 : f32
    %10 = arith.mulf %arg5, %cst : f32
    %11 = tile.load_scalar %arg4[%7] : !tile.view<i32, 1> -> i32
    %c64_i32 = arith.constant 64 : i32
    %12 = arith.ceildivsi %11, %c64_i32 : i32
    %13 = arith.ceildivsi %12, %2 : i32
    %14 = arith.muli %5, %13 : i32
    %15 = arith.addi %14, %13 : i32
    %16 = arith.minsi %15, %12 : i32
    %17 = arith.subi %11, %3 : i32
    %18 = tile.iota : tensor<16xi32>
    %19 = tile.splat %17 : i32 -> tensor<16xi32>
    %20 = arith.addi %19, %18 : tensor<16xi32>
    %21 = tile.iota : tensor<64xi32>
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    %22 = tile.load %arg0[%7, %6, %c0_i32, %c0_i32_0] : !tile.view<f16, 4> -> tensor<16x128xf16>
    %cst_1 = arith.constant dense<0xFF800000> : tensor<16xf32>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<16xf32>
    %cst_3 = arith.constant dense<0.000000e+00> : tensor<16x128xf32>
    %c1_i32 = arith.constant 1 : i32
    %23:3 = scf.for %arg8 = %14 to %16 step %c1_i32 iter_args(%arg9 = %cst_1, %arg10 = %cst_2, %arg11 = %cst_3) -> (tensor<16xf32>, tensor<16xf32>, tensor<16x128xf32>)  : i32 {
      %35 = tile.load_scalar %arg3[%7, %arg8] : !tile.view<i32, 2> -> i32
      %c0_i32_11 = arith.constant 0 : i32
      %c0_i32_12 = arith.constant 0 : i32
      %36 = tile.load %arg1[%35, %9, %c0_i32_11, %c0_i32_12] : !tile.view<f16, 4> -> tensor<64x128xf16>
      %c0_i32_13 = arith.constant 0 : i32
      %c0_i32_14 = arith.constant 0 : i32
      %37 = tile.load %arg2[%35, %9, %c0_i32_13, %c0_i32_14] : !tile.view<f16, 4> -> tensor<64x128xf16>
      %c64_i32_15 = arith.constant 64 : i32
      %38 = arith.muli %arg8, %c64_i32_15 : i32
      %39 = tile.splat %38 : i32 -> tensor<64xi32>
      %40 = arith.addi %39, %21 : tensor<64xi32>
      %41 = tile.expand_dims %40 axis 0 : tensor<64xi32> -> tensor<1x64xi32>
      %42 = tile.splat %11 : i32 -> tensor<1x64xi32>
      %43 = arith.cmpi slt, %41, %42 : tensor<1x64xi32>
      %44 = tile.expand_dims %40 axis 0 : tensor<64xi32> -> tensor<1x64xi32>
      %45 = tile.expand_dims %20 axis 1 : tensor<16xi32> -> tensor<16x1xi32>
      %46 = tile.broadcast %44 : tensor<1x64xi32> -> tensor<16x64xi32>
      %47 = tile.broadcast %45 : tensor<16x1xi32> -> tensor<16x64xi32>
      %48 = arith.cmpi sle, %46, %47 : tensor<16x64xi32>
      %49 = tile.broadcast %43 : tensor<1x64xi1> -> tensor<16x64xi1>
      %50 = arith.andi %49, %48 : tensor<16x64xi1>
      %51 = tile.trans %36 : tensor<64x128xf16> -> tensor<128x64xf16>
      %cst_16 = arith.constant dense<0.000000e+00> : tensor<16x64xf32>
      %52 = tile.dot %22, %51, %cst_16 : tensor<16x128xf16>, tensor<128x64xf16> -> tensor<16x64xf32>
      %cst_17 = arith.constant dense<0xFF800000> : tensor<16x64xf32>
      %53 = arith.select %50, %52, %cst_17 : tensor<16x64xi1>, tensor<16x64xf32>
      %newM, %newL, %newAcc = tile.online_softmax %53, %37, %arg9, %arg10, %arg11 scale %10 : tensor<16x64xf32>, tensor<64x128xf16>, tensor<16xf32>, tensor<16x128xf32>
      scf.yield %newM, %newL, %newAcc : tensor<16xf32>, tensor<16xf32>, tensor<16x128xf32>
    }
    %24 = arith.muli %5, %4 : i32
    %25 = arith.addi %24, %7 : i32
    %cst_4 = arith.constant dense<0.000000e+00> : tensor<16xf32>
    %26 = arith.cmpf oeq, %23#1, %cst_4 : tensor<16xf32>
    %cst_5 = arith.constant dense<1.000000e+00> : tensor<16xf32>
    %27 = arith.select %26, %cst_5, %23#1 : tensor<16xi1>, tensor<16xf32>
    %cst_6 = arith.constant dense<1.000000e+00> : tensor<16xf32>
    %28 = arith.divf %cst_6, %27 : tensor<16xf32>
    %29 = tile.expand_dims %28 axis 1 : tensor<16xf32> -> tensor<16x1xf32>
    %30 = tile.broadcast %29 : tensor<16x1xf32> -> tensor<16x128xf32>
    %31 = arith.mulf %23#2, %30 : tensor<16x128xf32>
    %c0_i32_7 = arith.constant 0 : i32
    %c0_i32_8 = arith.constant 0 : i32
    tile.store %31, %arg6[%25, %6, %c0_i32_7, %c0_i32_8] : tensor<16x128xf32> -> !tile.view<f32, 4>
    %32 = math.log2 %23#1 : tensor<16xf32>
    %33 = arith.addf %23#0, %32 : tensor<16xf32>
    %cst_9 = arith.constant dense<0.693147182> : tensor<16xf32>
    %34 = arith.mulf %33, %cst_9 : tensor<16xf32>
    %c0_i32_10 = arith.constant 0 : i32
    tile.store %34, %arg7[%5, %7, %6, %c0_i32_10] : tensor<16xf32> -> !tile.view<f32, 4>
    return
  }
  func.func @fa2_paged_decode_combine(%arg0: !tile.view<f32, 4> {tile.name = "OutSplit", tile.role = "input", tile.shape = ["SB", "H", "NQ", 128]}, %arg1: !tile.view<f32, 4> {tile.name = "LseSplit", tile.role = "input", tile.shape = ["S", "B", "H", "NQ"]}, %arg2: !tile.view<f16, 4> {tile.name = "Out", tile.role = "output", tile.shape = ["B", "H", "NQ", 128]}, %arg3: !tile.view<f32, 3> {tile.name = "Lse", tile.role = "output", tile.shape = ["B", "H", "NQ"]}) attributes {tile.constants = {BLOCK_M = 16 : i64, CAUSAL = true, DTYPE = f16, HEAD_DIM = 128 : i64, NUM_STAGES = 2 : i64, NUM_WARPS = 4 : i64, PAGE = 64 : i64}, tile.grid = #map2, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 4 : i32, tile.sizes = ["SB", "H", "NQ", "S", "B"]} {
    %0 = tile.dim %arg1, 0 : !tile.view<f32, 4>
    %1 = tile.dim %arg1, 1 : !tile.view<f32, 4>
    %2 = tile.program_id 0
    %3 = tile.program_id 1
    %cst = arith.constant dense<0xFF800000> : tensor<16xf32>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<16xf32>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<16x128xf32>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %4:3 = scf.for %arg4 = %c0_i32 to %0 step %c1_i32 iter_args(%arg5 = %cst_1, %arg6 = %cst_0, %arg7 = %cst) -> (tensor<16x128xf32>, tensor<16xf32>, tensor<16xf32>)  : i32 {
      %c0_i32_8 = arith.constant 0 : i32
      %14 = tile.load %arg1[%arg4, %3, %2, %c0_i32_8] : !tile.view<f32, 4> -> tensor<16xf32>
      %15 = arith.muli %arg4, %1 : i32
      %16 = arith.addi %15, %3 : i32
      %c0_i32_9 = arith.constant 0 : i32
      %c0_i32_10 = arith.constant 0 : i32
      %17 = tile.load %arg0[%16, %2, %c0_i32_9, %c0_i32_10] : !tile.view<f32, 4> -> tensor<16x128xf32>
      %18 = arith.maximumf %arg7, %14 : tensor<16xf32>
      %cst_11 = arith.constant dense<0xFF800000> : tensor<16xf32>
      %19 = arith.cmpf oeq, %18, %cst_11 : tensor<16xf32>
      %cst_12 = arith.constant dense<0.000000e+00> : tensor<16xf32>
      %20 = arith.select %19, %cst_12, %18 : tensor<16xi1>, tensor<16xf32>
      %21 = arith.subf %arg7, %20 : tensor<16xf32>
      %22 = math.exp %21 : tensor<16xf32>
      %23 = arith.subf %14, %20 : tensor<16xf32>
      %24 = math.exp %23 : tensor<16xf32>
      %25 = tile.expand_dims %22 axis 1 : tensor<16xf32> -> tensor<16x1xf32>
      %26 = tile.broadcast %25 : tensor<16x1xf32> -> tensor<16x128xf32>
      %27 = arith.mulf %arg5, %26 : tensor<16x128xf32>
      %28 = tile.expand_dims %24 axis 1 : tensor<16xf32> -> tensor<16x1xf32>
      %29 = tile.broadcast %28 : tensor<16x1xf32> -> tensor<16x128xf32>
      %30 = arith.mulf %17, %29 : tensor<16x128xf32>
      %31 = arith.addf %27, %30 : tensor<16x128xf32>
      %32 = arith.mulf %arg6, %22 : tensor<16xf32>
      %33 = arith.addf %32, %24 : tensor<16xf32>
      scf.yield %31, %33, %18 : tensor<16x128xf32>, tensor<16xf32>, tensor<16xf32>
    }
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<16xf32>
    %5 = arith.cmpf oeq, %4#1, %cst_2 : tensor<16xf32>
    %cst_3 = arith.constant dense<1.000000e+00> : tensor<16xf32>
    %6 = arith.select %5, %cst_3, %4#1 : tensor<16xi1>, tensor<16xf32>
    %cst_4 = arith.constant dense<1.000000e+00> : tensor<16xf32>
    %7 = arith.divf %cst_4, %6 : tensor<16xf32>
    %8 = tile.expand_dims %7 axis 1 : tensor<16xf32> -> tensor<16x1xf32>
    %9 = tile.broadcast %8 : tensor<16x1xf32> -> tensor<16x128xf32>
    %10 = arith.mulf %4#0, %9 : tensor<16x128xf32>
    %11 = arith.truncf %10 : tensor<16x128xf32> to tensor<16x128xf16>
    %c0_i32_5 = arith.constant 0 : i32
    %c0_i32_6 = arith.constant 0 : i32
    tile.store %11, %arg2[%3, %2, %c0_i32_5, %c0_i32_6] : tensor<16x128xf16> -> !tile.view<f16, 4>
    %12 = math.log %4#1 : tensor<16xf32>
    %13 = arith.addf %4#2, %12 : tensor<16xf32>
    %c0_i32_7 = arith.constant 0 : i32
    tile.store %13, %arg3[%3, %2, %c0_i32_7] : tensor<16xf32> -> !tile.view<f32, 3>
    return
  }
}

