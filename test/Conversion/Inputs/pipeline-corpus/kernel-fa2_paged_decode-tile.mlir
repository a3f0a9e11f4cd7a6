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
      %26 = tile.load_scalar %arg3[%4, %arg8] : !tile.view<i32, 2> -> i32
      %c0_i32_11 = arith.constant 0 : i32
      %c0_i32_12 = arith.constant 0 : i32
      %27 = tile.load %arg1[%26, %6, %c0_i32_11, %c0_i32_12] : !tile.view<f16, 4> -> tensor<64x128xf16>
      %c0_i32_13 = arith.constant 0 : i32
      %c0_i32_14 = arith.constant 0 : i32
      %28 = tile.load %arg2[%26, %6, %c0_i32_13, %c0_i32_14] : !tile.view<f16, 4> -> tensor<64x128xf16>
      %c64_i32_15 = arith.constant 64 : i32
      %29 = arith.muli %arg8, %c64_i32_15 : i32
      %30 = tile.splat %29 : i32 -> tensor<64xi32>
      %31 = arith.addi %30, %13 : tensor<64xi32>
      %32 = tile.expand_dims %31 axis 0 : tensor<64xi32> -> tensor<1x64xi32>
      %33 = tile.splat %8 : i32 -> tensor<1x64xi32>
      %34 = arith.cmpi slt, %32, %33 : tensor<1x64xi32>
      %35 = tile.expand_dims %31 axis 0 : tensor<64xi32> -> tensor<1x64xi32>
      %36 = tile.expand_dims %12 axis 1 : tensor<16xi32> -> tensor<16x1xi32>
      %37 = tile.broadcast %35 : tensor<1x64xi32> -> tensor<16x64xi32>
      %38 = tile.broadcast %36 : tensor<16x1xi32> -> tensor<16x64xi32>
      %39 = arith.cmpi sle, %37, %38 : tensor<16x64xi32>
      %40 = tile.broadcast %34 : tensor<1x64xi1> -> tensor<16x64xi1>
      %41 = arith.andi %40, %39 : tensor<16x64xi1>
      %42 = tile.trans %27 : tensor<64x128xf16> -> tensor<128x64xf16>
      %cst_16 = arith.constant dense<0.000000e+00> : tensor<16x64xf32>
      %43 = tile.dot %14, %42, %cst_16 : tensor<16x128xf16>, tensor<128x64xf16> -> tensor<16x64xf32>
      %cst_17 = arith.constant dense<0xFF800000> : tensor<16x64xf32>
      %44 = arith.select %41, %43, %cst_17 : tensor<16x64xi1>, tensor<16x64xf32>
      %newM, %newL, %newAcc = tile.online_softmax %44, %28, %arg9, %arg10, %arg11 scale %7 : tensor<16x64xf32>, tensor<64x128xf16>, tensor<16xf32>, tensor<16x128xf32>
      scf.yield %newM, %newL, %newAcc : tensor<16xf32>, tensor<16xf32>, tensor<16x128xf32>
    }
    %cst_5 = arith.constant dense<0.000000e+00> : tensor<16xf32>
    %17 = arith.cmpf oeq, %16#1, %cst_5 : tensor<16xf32>
    %cst_6 = arith.constant dense<1.000000e+00> : tensor<16xf32>
    %18 = arith.select %17, %cst_6, %16#1 : tensor<16xi1>, tensor<16xf32>
    %19 = tile.expand_dims %18 axis 1 : tensor<16xf32> -> tensor<16x1xf32>
    %20 = tile.broadcast %19 : tensor<16x1xf32> -> tensor<16x128xf32>
    %21 = arith.divf %16#2, %20 : tensor<16x128xf32>
    %22 = arith.truncf %21 : tensor<16x128xf32> to tensor<16x128xf16>
    %c0_i32_7 = arith.constant 0 : i32
    %c0_i32_8 = arith.constant 0 : i32
    tile.store %22, %arg6[%4, %3, %c0_i32_7, %c0_i32_8] : tensor<16x128xf16> -> !tile.view<f16, 4>
    %23 = math.log2 %16#1 : tensor<16xf32>
    %24 = arith.addf %16#0, %23 : tensor<16xf32>
    %cst_9 = arith.constant dense<0.693147182> : tensor<16xf32>
    %25 = arith.mulf %24, %cst_9 : tensor<16xf32>
    %c0_i32_10 = arith.constant 0 : i32
    tile.store %25, %arg7[%4, %3, %c0_i32_10] : tensor<16xf32> -> !tile.view<f32, 3>
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
      %34 = tile.load_scalar %arg3[%7, %arg8] : !tile.view<i32, 2> -> i32
      %c0_i32_10 = arith.constant 0 : i32
      %c0_i32_11 = arith.constant 0 : i32
      %35 = tile.load %arg1[%34, %9, %c0_i32_10, %c0_i32_11] : !tile.view<f16, 4> -> tensor<64x128xf16>
      %c0_i32_12 = arith.constant 0 : i32
      %c0_i32_13 = arith.constant 0 : i32
      %36 = tile.load %arg2[%34, %9, %c0_i32_12, %c0_i32_13] : !tile.view<f16, 4> -> tensor<64x128xf16>
      %c64_i32_14 = arith.constant 64 : i32
      %37 = arith.muli %arg8, %c64_i32_14 : i32
      %38 = tile.splat %37 : i32 -> tensor<64xi32>
      %39 = arith.addi %38, %21 : tensor<64xi32>
      %40 = tile.expand_dims %39 axis 0 : tensor<64xi32> -> tensor<1x64xi32>
      %41 = tile.splat %11 : i32 -> tensor<1x64xi32>
      %42 = arith.cmpi slt, %40, %41 : tensor<1x64xi32>
      %43 = tile.expand_dims %39 axis 0 : tensor<64xi32> -> tensor<1x64xi32>
      %44 = tile.expand_dims %20 axis 1 : tensor<16xi32> -> tensor<16x1xi32>
      %45 = tile.broadcast %43 : tensor<1x64xi32> -> tensor<16x64xi32>
      %46 = tile.broadcast %44 : tensor<16x1xi32> -> tensor<16x64xi32>
      %47 = arith.cmpi sle, %45, %46 : tensor<16x64xi32>
      %48 = tile.broadcast %42 : tensor<1x64xi1> -> tensor<16x64xi1>
      %49 = arith.andi %48, %47 : tensor<16x64xi1>
      %50 = tile.trans %35 : tensor<64x128xf16> -> tensor<128x64xf16>
      %cst_15 = arith.constant dense<0.000000e+00> : tensor<16x64xf32>
      %51 = tile.dot %22, %50, %cst_15 : tensor<16x128xf16>, tensor<128x64xf16> -> tensor<16x64xf32>
      %cst_16 = arith.constant dense<0xFF800000> : tensor<16x64xf32>
      %52 = arith.select %49, %51, %cst_16 : tensor<16x64xi1>, tensor<16x64xf32>
      %newM, %newL, %newAcc = tile.online_softmax %52, %36, %arg9, %arg10, %arg11 scale %10 : tensor<16x64xf32>, tensor<64x128xf16>, tensor<16xf32>, tensor<16x128xf32>
      scf.yield %newM, %newL, %newAcc : tensor<16xf32>, tensor<16xf32>, tensor<16x128xf32>
    }
    %24 = arith.muli %5, %4 : i32
    %25 = arith.addi %24, %7 : i32
    %cst_4 = arith.constant dense<0.000000e+00> : tensor<16xf32>
    %26 = arith.cmpf oeq, %23#1, %cst_4 : tensor<16xf32>
    %cst_5 = arith.constant dense<1.000000e+00> : tensor<16xf32>
    %27 = arith.select %26, %cst_5, %23#1 : tensor<16xi1>, tensor<16xf32>
    %28 = tile.expand_dims %27 axis 1 : tensor<16xf32> -> tensor<16x1xf32>
    %29 = tile.broadcast %28 : tensor<16x1xf32> -> tensor<16x128xf32>
    %30 = arith.divf %23#2, %29 : tensor<16x128xf32>
    %c0_i32_6 = arith.constant 0 : i32
    %c0_i32_7 = arith.constant 0 : i32
    tile.store %30, %arg6[%25, %6, %c0_i32_6, %c0_i32_7] : tensor<16x128xf32> -> !tile.view<f32, 4>
    %31 = math.log2 %23#1 : tensor<16xf32>
    %32 = arith.addf %23#0, %31 : tensor<16xf32>
    %cst_8 = arith.constant dense<0.693147182> : tensor<16xf32>
    %33 = arith.mulf %32, %cst_8 : tensor<16xf32>
    %c0_i32_9 = arith.constant 0 : i32
    tile.store %33, %arg7[%5, %7, %6, %c0_i32_9] : tensor<16xf32> -> !tile.view<f32, 4>
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
      %c0_i32_7 = arith.constant 0 : i32
      %13 = tile.load %arg1[%arg4, %3, %2, %c0_i32_7] : !tile.view<f32, 4> -> tensor<16xf32>
      %14 = arith.muli %arg4, %1 : i32
      %15 = arith.addi %14, %3 : i32
      %c0_i32_8 = arith.constant 0 : i32
      %c0_i32_9 = arith.constant 0 : i32
      %16 = tile.load %arg0[%15, %2, %c0_i32_8, %c0_i32_9] : !tile.view<f32, 4> -> tensor<16x128xf32>
      %17 = arith.maximumf %arg7, %13 : tensor<16xf32>
      %cst_10 = arith.constant dense<0xFF800000> : tensor<16xf32>
      %18 = arith.cmpf oeq, %17, %cst_10 : tensor<16xf32>
      %cst_11 = arith.constant dense<0.000000e+00> : tensor<16xf32>
      %19 = arith.select %18, %cst_11, %17 : tensor<16xi1>, tensor<16xf32>
      %20 = arith.subf %arg7, %19 : tensor<16xf32>
      %21 = math.exp %20 : tensor<16xf32>
      %22 = arith.subf %13, %19 : tensor<16xf32>
      %23 = math.exp %22 : tensor<16xf32>
      %24 = tile.expand_dims %21 axis 1 : tensor<16xf32> -> tensor<16x1xf32>
      %25 = tile.broadcast %24 : tensor<16x1xf32> -> tensor<16x128xf32>
      %26 = arith.mulf %arg5, %25 : tensor<16x128xf32>
      %27 = tile.expand_dims %23 axis 1 : tensor<16xf32> -> tensor<16x1xf32>
      %28 = tile.broadcast %27 : tensor<16x1xf32> -> tensor<16x128xf32>
      %29 = arith.mulf %16, %28 : tensor<16x128xf32>
      %30 = arith.addf %26, %29 : tensor<16x128xf32>
      %31 = arith.mulf %arg6, %21 : tensor<16xf32>
      %32 = arith.addf %31, %23 : tensor<16xf32>
      scf.yield %30, %32, %17 : tensor<16x128xf32>, tensor<16xf32>, tensor<16xf32>
    }
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<16xf32>
    %5 = arith.cmpf oeq, %4#1, %cst_2 : tensor<16xf32>
    %cst_3 = arith.constant dense<1.000000e+00> : tensor<16xf32>
    %6 = arith.select %5, %cst_3, %4#1 : tensor<16xi1>, tensor<16xf32>
    %7 = tile.expand_dims %6 axis 1 : tensor<16xf32> -> tensor<16x1xf32>
    %8 = tile.broadcast %7 : tensor<16x1xf32> -> tensor<16x128xf32>
    %9 = arith.divf %4#0, %8 : tensor<16x128xf32>
    %10 = arith.truncf %9 : tensor<16x128xf32> to tensor<16x128xf16>
    %c0_i32_4 = arith.constant 0 : i32
    %c0_i32_5 = arith.constant 0 : i32
    tile.store %10, %arg2[%3, %2, %c0_i32_4, %c0_i32_5] : tensor<16x128xf16> -> !tile.view<f16, 4>
    %11 = math.log %4#1 : tensor<16xf32>
    %12 = arith.addf %4#2, %11 : tensor<16xf32>
    %c0_i32_6 = arith.constant 0 : i32
    tile.store %12, %arg3[%3, %2, %c0_i32_6] : tensor<16xf32> -> !tile.view<f32, 3>
    return
  }
}

