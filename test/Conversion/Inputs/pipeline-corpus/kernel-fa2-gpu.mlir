#map = affine_map<()[s0, s1] -> (s1 ceildiv 128, s0)>
#mma = #tilegpu.mma<warpsM = 8, warpsN = 1>
#shared = #tilegpu.shared<transposed = false>
#shared_t = #tilegpu.shared<transposed = true>
#cols = #tilegpu.slice<dim = 0, parent = #mma>
#rows = #tilegpu.slice<dim = 1, parent = #mma>
module {
  func.func @fa2(%arg0: !tile.view<f16, 3> {tile.name = "Q", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg1: !tile.view<f16, 3> {tile.name = "K", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg2: !tile.view<f16, 3> {tile.name = "V", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg3: f32 {tile.name = "sm_scale"}, %arg4: !tile.view<f16, 3> {tile.name = "Out", tile.role = "output", tile.shape = ["BH", "N", 64]}, %arg5: !tile.view<f32, 2> {tile.name = "Lse", tile.role = "output", tile.shape = ["BH", "N"]}) attributes {tessera.shared_bytes = 49152 : i64, tile.constants = {BLOCK_M = 128 : i64, BLOCK_N = 64 : i64, CAUSAL = false, HEAD_DIM = 64 : i64, NUM_STAGES = 2 : i64, NUM_WARPS = 8 : i64, WINDOW_LEFT = -1 : i64, WINDOW_RIGHT = -1 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 8 : i32, tile.sizes = ["BH", "N"]} {
    %cst = arith.constant dense<0.693147182> : tensor<128xf32, #rows>
    %cst_0 = arith.constant dense<1.000000e+00> : tensor<128xf32, #rows>
    %cst_1 = arith.constant dense<0xFF800000> : tensor<128x64xf32, #mma>
    %c64_i32 = arith.constant 64 : i32
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %cst_3 = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %cst_4 = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %cst_5 = arith.constant dense<0.000000e+00> : tensor<128xf32, #rows>
    %cst_6 = arith.constant dense<0.000000e+00> : tensor<128xf32, #rows>
    %cst_7 = arith.constant dense<0.000000e+00> : tensor<128xf32, #rows>
    %cst_8 = arith.constant dense<0.000000e+00> : tensor<128xf32, #rows>
    %cst_9 = arith.constant dense<0xFF800000> : tensor<128xf32, #rows>
    %cst_10 = arith.constant dense<0xFF800000> : tensor<128xf32, #rows>
    %cst_11 = arith.constant dense<0xFF800000> : tensor<128xf32, #rows>
    %c0_i32 = arith.constant 0 : i32
    %cst_12 = arith.constant 1.44269502 : f32
    %c128_i32 = arith.constant 128 : i32
    %0 = tile.dim %arg0, 1 : !tile.view<f16, 3>
    %1 = tile.program_id 0
    %2 = arith.muli %1, %c128_i32 : i32
    %3 = tile.program_id 1
    %4 = arith.mulf %arg3, %cst_12 : f32
    %5 = tile.iota : tensor<64xi32, #cols>
    %6 = tile.load %arg0[%3, %2, %c0_i32] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 3> -> tensor<128x64xf16, #shared>
    %7 = arith.divsi %0, %c64_i32 : i32
    %8 = arith.muli %7, %c64_i32 : i32
    %9 = arith.maxsi %8, %c0_i32 : i32
    %c0_i32_13 = arith.constant 0 : i32
    %10 = arith.muli %c64_i32, %c0_i32_13 : i32
    %11 = arith.addi %c0_i32, %10 : i32
    %c0_i32_14 = arith.constant 0 : i32
    %12 = arith.cmpi slt, %11, %9 : i32
    tilegpu.async_load %arg1[%3, %11, %c0_i32] stage %c0_i32_14 if %12 {buffer = 0 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
    tilegpu.async_load %arg2[%3, %11, %c0_i32] stage %c0_i32_14 if %12 {buffer = 1 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
    tilegpu.async_commit
    %13:3 = scf.for %arg6 = %c0_i32 to %9 step %c64_i32 iter_args(%arg7 = %cst_10, %arg8 = %cst_7, %arg9 = %cst_3) -> (tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>)  : i32 {
      %27 = arith.subi %arg6, %c0_i32 : i32
      %28 = arith.divsi %27, %c64_i32 : i32
      %c2_i32 = arith.constant 2 : i32
      %29 = arith.remsi %28, %c2_i32 : i32
      tilegpu.async_wait 0
      %c1_i32 = arith.constant 1 : i32
      %30 = arith.muli %c64_i32, %c1_i32 : i32
      %31 = arith.addi %arg6, %30 : i32
      %32 = arith.addi %28, %c1_i32 : i32
      %33 = arith.remsi %32, %c2_i32 : i32
      %34 = arith.cmpi slt, %31, %9 : i32
      tilegpu.async_load %arg1[%3, %31, %c0_i32] stage %33 if %34 {buffer = 0 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
      tilegpu.async_load %arg2[%3, %31, %c0_i32] stage %33 if %34 {buffer = 1 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
      tilegpu.async_commit
      %35 = tilegpu.stage_view stage %29 {buffer = 0 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %36 = tilegpu.stage_view stage %29 {buffer = 1 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %37 = tile.trans %35 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
      %38 = tile.dot %6, %37, %cst_2 : tensor<128x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<128x64xf32, #mma>
      %39 = tile.splat %4 : f32 -> tensor<128x64xf32, #mma>
      %40 = arith.mulf %38, %39 : tensor<128x64xf32, #mma>
      %41 = tile.reduce max %40 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
      %42 = arith.maximumf %arg7, %41 : tensor<128xf32, #rows>
      %43 = arith.cmpf oeq, %42, %cst_9 : tensor<128xf32, #rows>
      %44 = arith.select %43, %cst_6, %42 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
      %45 = tile.expand_dims %44 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
      %46 = tile.broadcast %45 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
      %47 = arith.subf %40, %46 : tensor<128x64xf32, #mma>
      %48 = math.exp2 %47 : tensor<128x64xf32, #mma>
      %49 = arith.subf %arg7, %44 : tensor<128xf32, #rows>
      %50 = math.exp2 %49 : tensor<128xf32, #rows>
      %51 = tile.reduce sum %48 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
      %52 = arith.mulf %50, %arg8 : tensor<128xf32, #rows>
      %53 = arith.addf %52, %51 : tensor<128xf32, #rows>
      %54 = tile.expand_dims %50 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
      %55 = tile.broadcast %54 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
      %56 = arith.mulf %arg9, %55 : tensor<128x64xf32, #mma>
      %57 = arith.truncf %48 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
      %58 = tile.dot %57, %36, %56 : tensor<128x64xf16, #mma>, tensor<64x64xf16, #shared> -> tensor<128x64xf32, #mma>
      scf.yield %42, %53, %58 : tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>
    }
    tilegpu.async_wait 0
    %c0_i32_15 = arith.constant 0 : i32
    %14 = arith.muli %c64_i32, %c0_i32_15 : i32
    %15 = arith.addi %9, %14 : i32
    %c0_i32_16 = arith.constant 0 : i32
    %16 = arith.cmpi slt, %15, %0 : i32
    tilegpu.async_load %arg1[%3, %15, %c0_i32] stage %c0_i32_16 if %16 {buffer = 2 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
    tilegpu.async_load %arg2[%3, %15, %c0_i32] stage %c0_i32_16 if %16 {buffer = 3 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
    tilegpu.async_commit
    %17:3 = scf.for %arg6 = %9 to %0 step %c64_i32 iter_args(%arg7 = %13#0, %arg8 = %13#1, %arg9 = %13#2) -> (tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>)  : i32 {
      %27 = arith.subi %arg6, %9 : i32
      %28 = arith.divsi %27, %c64_i32 : i32
      %c2_i32 = arith.constant 2 : i32
      %29 = arith.remsi %28, %c2_i32 : i32
      tilegpu.async_wait 0
      %c1_i32 = arith.constant 1 : i32
      %30 = arith.muli %c64_i32, %c1_i32 : i32
      %31 = arith.addi %arg6, %30 : i32
      %32 = arith.addi %28, %c1_i32 : i32
      %33 = arith.remsi %32, %c2_i32 : i32
      %34 = arith.cmpi slt, %31, %0 : i32
      tilegpu.async_load %arg1[%3, %31, %c0_i32] stage %33 if %34 {buffer = 2 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
      tilegpu.async_load %arg2[%3, %31, %c0_i32] stage %33 if %34 {buffer = 3 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
      tilegpu.async_commit
      %35 = tilegpu.stage_view stage %29 {buffer = 2 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %36 = tilegpu.stage_view stage %29 {buffer = 3 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %37 = tile.trans %35 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
      %38 = tile.dot %6, %37, %cst_4 : tensor<128x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<128x64xf32, #mma>
      %39 = tile.splat %arg6 : i32 -> tensor<64xi32, #cols>
      %40 = arith.addi %39, %5 : tensor<64xi32, #cols>
      %41 = tile.expand_dims %40 axis 0 : tensor<64xi32, #cols> -> tensor<1x64xi32, #cols>
      %42 = tile.splat %0 : i32 -> tensor<1x64xi32, #cols>
      %43 = arith.cmpi slt, %41, %42 : tensor<1x64xi32, #cols>
      %44 = tile.broadcast %43 : tensor<1x64xi1, #cols> -> tensor<128x64xi1, #mma>
      %45 = arith.select %44, %38, %cst_1 : tensor<128x64xi1, #mma>, tensor<128x64xf32, #mma>
      %46 = tile.splat %4 : f32 -> tensor<128x64xf32, #mma>
      %47 = arith.mulf %45, %46 : tensor<128x64xf32, #mma>
      %48 = tile.reduce max %47 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
      %49 = arith.maximumf %arg7, %48 : tensor<128xf32, #rows>
      %50 = arith.cmpf oeq, %49, %cst_11 : tensor<128xf32, #rows>
      %51 = arith.select %50, %cst_5, %49 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
      %52 = tile.expand_dims %51 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
      %53 = tile.broadcast %52 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
      %54 = arith.subf %47, %53 : tensor<128x64xf32, #mma>
      %55 = math.exp2 %54 : tensor<128x64xf32, #mma>
      %56 = arith.subf %arg7, %51 : tensor<128xf32, #rows>
      %57 = math.exp2 %56 : tensor<128xf32, #rows>
      %58 = tile.reduce sum %55 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
      %59 = arith.mulf %57, %arg8 : tensor<128xf32, #rows>
      %60 = arith.addf %59, %58 : tensor<128xf32, #rows>
      %61 = tile.expand_dims %57 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
      %62 = tile.broadcast %61 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
      %63 = arith.mulf %arg9, %62 : tensor<128x64xf32, #mma>
      %64 = arith.truncf %55 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
      %65 = tile.dot %64, %36, %63 : tensor<128x64xf16, #mma>, tensor<64x64xf16, #shared> -> tensor<128x64xf32, #mma>
      scf.yield %49, %60, %65 : tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>
    }
    tilegpu.async_wait 0
    %18 = arith.cmpf oeq, %17#1, %cst_8 : tensor<128xf32, #rows>
    %19 = arith.select %18, %cst_0, %17#1 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
    %20 = tile.expand_dims %19 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
    %21 = tile.broadcast %20 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
    %22 = arith.divf %17#2, %21 : tensor<128x64xf32, #mma>
    %23 = arith.truncf %22 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
    tile.store %23, %arg4[%3, %2, %c0_i32] : tensor<128x64xf16, #mma> -> !tile.view<f16, 3>
    %24 = math.log2 %17#1 : tensor<128xf32, #rows>
    %25 = arith.addf %17#0, %24 : tensor<128xf32, #rows>
    %26 = arith.mulf %25, %cst : tensor<128xf32, #rows>
    tile.store %26, %arg5[%3, %2] : tensor<128xf32, #rows> -> !tile.view<f32, 2>
    return
  }
}

