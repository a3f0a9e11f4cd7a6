#map = affine_map<()[s0, s1, s2] -> (s1 ceildiv 128 + s2 - 1, s0)>
#mma = #tilegpu.mma<warpsM = 8, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
#shared_t = #tilegpu.shared<transposed = true, swizzle = 128>
#cols = #tilegpu.slice<dim = 0, parent = #mma>
#rows = #tilegpu.slice<dim = 1, parent = #mma>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @fa2_varlen(%arg0: !tile.view<f16, 3> {tile.name = "Q", tile.role = "input", tile.shape = ["H", "T", 64]}, %arg1: !tile.view<f16, 3> {tile.name = "K", tile.role = "input", tile.shape = ["H", "T", 64]}, %arg2: !tile.view<f16, 3> {tile.name = "V", tile.role = "input", tile.shape = ["H", "T", 64]}, %arg3: !tile.view<i32, 1> {tile.name = "CuSeqlens", tile.role = "input", tile.shape = ["B1"]}, %arg4: f32 {tile.name = "sm_scale"}, %arg5: !tile.view<f16, 3> {tile.name = "Out", tile.role = "output", tile.shape = ["H", "T", 64]}, %arg6: !tile.view<f32, 2> {tile.name = "Lse", tile.role = "output", tile.shape = ["H", "T"]}) attributes {tile.constants = {BLOCK_M = 128 : i64, BLOCK_N = 64 : i64, CAUSAL = false, DTYPE = f16, HEAD_DIM = 64 : i64, NUM_STAGES = 2 : i64, NUM_WARPS = 8 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 8 : i32, tile.sizes = ["H", "T", "B1"], tilegpu.shared_bytes = 49152 : i64} {
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
    %c128_i32 = arith.constant 128 : i32
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst_12 = arith.constant 1.44269502 : f32
    %0 = tile.dim %arg3, 0 : !tile.view<i32, 1>
    %1 = tile.program_id 0
    %2 = tile.program_id 1
    %3 = arith.mulf %arg4, %cst_12 : f32
    %4 = arith.subi %0, %c1_i32 : i32
    %5:3 = scf.for %arg7 = %c0_i32 to %4 step %c1_i32 iter_args(%arg8 = %c0_i32, %arg9 = %c0_i32, %arg10 = %c0_i32) -> (i32, i32, i32)  : i32 {
      %39 = arith.cmpi sge, %1, %arg10 : i32
      %40 = arith.select %39, %arg7, %arg8 : i32
      %41 = arith.select %39, %arg10, %arg9 : i32
      %42 = arith.addi %arg7, %c1_i32 : i32
      %43 = tile.load_scalar %arg3[%42] : !tile.view<i32, 1> -> i32
      %44 = tile.load_scalar %arg3[%arg7] : !tile.view<i32, 1> -> i32
      %45 = arith.subi %43, %44 : i32
      %46 = arith.ceildivsi %45, %c128_i32 : i32
      %47 = arith.addi %arg10, %46 : i32
      scf.yield %40, %41, %47 : i32, i32, i32
    }
    %6 = arith.subi %1, %5#1 : i32
    %7 = arith.muli %6, %c128_i32 : i32
    %8 = tile.load_scalar %arg3[%5#0] : !tile.view<i32, 1> -> i32
    %9 = arith.addi %5#0, %c1_i32 : i32
    %10 = tile.load_scalar %arg3[%9] : !tile.view<i32, 1> -> i32
    %11 = arith.subi %10, %8 : i32
    %12 = tile.narrow %arg0, 1, %8, %11 : !tile.view<f16, 3>
    %13 = tile.narrow %arg1, 1, %8, %11 : !tile.view<f16, 3>
    %14 = tile.narrow %arg2, 1, %8, %11 : !tile.view<f16, 3>
    %15 = tile.narrow %arg5, 1, %8, %11 : !tile.view<f16, 3>
    %16 = tile.narrow %arg6, 1, %8, %11 : !tile.view<f32, 2>
    %17 = tile.iota : tensor<64xi32, #cols>
    %18 = tile.load %12[%2, %7, %c0_i32] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 3> -> tensor<128x64xf16, #shared>
    %19 = arith.divsi %11, %c64_i32 : i32
    %20 = arith.muli %19, %c64_i32 : i32
    %21 = arith.maxsi %20, %c0_i32 : i32
    %c0_i32_13 = arith.constant 0 : i32
    %22 = arith.muli %c64_i32, %c0_i32_13 : i32
    %23 = arith.addi %c0_i32, %22 : i32
    %c0_i32_14 = arith.constant 0 : i32
    %24 = arith.cmpi slt, %23, %21 : i32
    tilegpu.async_load %13[%2, %23, %c0_i32] stage %c0_i32_14 if %24 {buffer = 0 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
    tilegpu.async_load %14[%2, %23, %c0_i32] stage %c0_i32_14 if %24 {buffer = 1 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
    tilegpu.async_commit
    %25:3 = scf.for %arg7 = %c0_i32 to %21 step %c64_i32 iter_args(%arg8 = %cst_10, %arg9 = %cst_7, %arg10 = %cst_3) -> (tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>)  : i32 {
      %39 = arith.subi %arg7, %c0_i32 : i32
      %40 = arith.divsi %39, %c64_i32 : i32
      %c2_i32 = arith.constant 2 : i32
      %41 = arith.remsi %40, %c2_i32 : i32
      tilegpu.async_wait 0
      %c1_i32_17 = arith.constant 1 : i32
      %42 = arith.muli %c64_i32, %c1_i32_17 : i32
      %43 = arith.addi %arg7, %42 : i32
      %44 = arith.addi %40, %c1_i32_17 : i32
      %45 = arith.cmpi slt, %43, %21 : i32
      %c2_i32_18 = arith.constant 2 : i32
      %46 = arith.remsi %44, %c2_i32_18 : i32
      tilegpu.async_load %13[%2, %43, %c0_i32] stage %46 if %45 {buffer = 0 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
      tilegpu.async_load %14[%2, %43, %c0_i32] stage %46 if %45 {buffer = 1 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
      tilegpu.async_commit
      %47 = tilegpu.stage_view stage %41 {buffer = 0 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %48 = tilegpu.stage_view stage %41 {buffer = 1 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %49 = tile.trans %47 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
      %50 = tile.dot %18, %49, %cst_2 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<128x64xf32, #mma>
      %51 = tile.splat %3 : f32 -> tensor<128x64xf32, #mma>
      %52 = tilegpu.dot_wait %50 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
      %53 = arith.mulf %52, %51 : tensor<128x64xf32, #mma>
      %54 = tile.reduce max %53 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
      %55 = arith.maximumf %arg8, %54 : tensor<128xf32, #rows>
      %56 = arith.cmpf oeq, %55, %cst_9 : tensor<128xf32, #rows>
      %57 = arith.select %56, %cst_6, %55 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
      %58 = tile.expand_dims %57 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
      %59 = tile.broadcast %58 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
      %60 = arith.subf %53, %59 : tensor<128x64xf32, #mma>
      %61 = math.exp2 %60 : tensor<128x64xf32, #mma>
      %62 = arith.subf %arg8, %57 : tensor<128xf32, #rows>
      %63 = math.exp2 %62 : tensor<128xf32, #rows>
      %64 = tile.reduce sum %61 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
      %65 = arith.mulf %63, %arg9 : tensor<128xf32, #rows>
      %66 = arith.addf %65, %64 : tensor<128xf32, #rows>
      %67 = tile.expand_dims %63 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
      %68 = tile.broadcast %67 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
      %69 = arith.mulf %arg10, %68 : tensor<128x64xf32, #mma>
      %70 = arith.truncf %61 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
      %71 = tile.dot %70, %48, %69 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #mma>, tensor<64x64xf16, #shared> -> tensor<128x64xf32, #mma>
      %72 = tilegpu.dot_wait %71 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
      scf.yield %55, %66, %72 : tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>
    }
    tilegpu.async_wait 0
    %c0_i32_15 = arith.constant 0 : i32
    %26 = arith.muli %c64_i32, %c0_i32_15 : i32
    %27 = arith.addi %21, %26 : i32
    %c0_i32_16 = arith.constant 0 : i32
    %28 = arith.cmpi slt, %27, %11 : i32
    tilegpu.async_load %13[%2, %27, %c0_i32] stage %c0_i32_16 if %28 {buffer = 2 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
    tilegpu.async_load %14[%2, %27, %c0_i32] stage %c0_i32_16 if %28 {buffer = 3 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
    tilegpu.async_commit
    %29:3 = scf.for %arg7 = %21 to %11 step %c64_i32 iter_args(%arg8 = %25#0, %arg9 = %25#1, %arg10 = %25#2) -> (tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>)  : i32 {
      %39 = arith.subi %arg7, %21 : i32
      %40 = arith.divsi %39, %c64_i32 : i32
      %c2_i32 = arith.constant 2 : i32
      %41 = arith.remsi %40, %c2_i32 : i32
      tilegpu.async_wait 0
      %c1_i32_17 = arith.constant 1 : i32
      %42 = arith.muli %c64_i32, %c1_i32_17 : i32
      %43 = arith.addi %arg7, %42 : i32
      %44 = arith.addi %40, %c1_i32_17 : i32
      %45 = arith.cmpi slt, %43, %11 : i32
      %c2_i32_18 = arith.constant 2 : i32
      %46 = arith.remsi %44, %c2_i32_18 : i32
      tilegpu.async_load %13[%2, %43, %c0_i32] stage %46 if %45 {buffer = 2 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
      tilegpu.async_load %14[%2, %43, %c0_i32] stage %46 if %45 {buffer = 3 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
      tilegpu.async_commit
      %47 = tilegpu.stage_view stage %41 {buffer = 2 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %48 = tilegpu.stage_view stage %41 {buffer = 3 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %49 = tile.splat %arg7 : i32 -> tensor<64xi32, #cols>
      %50 = arith.addi %49, %17 : tensor<64xi32, #cols>
      %51 = tile.expand_dims %50 axis 0 : tensor<64xi32, #cols> -> tensor<1x64xi32, #cols>
      %52 = tile.splat %11 : i32 -> tensor<1x64xi32, #cols>
      %53 = arith.cmpi slt, %51, %52 : tensor<1x64xi32, #cols>
      %54 = tile.trans %47 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
      %55 = tile.dot %18, %54, %cst_4 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<128x64xf32, #mma>
      %56 = tile.broadcast %53 : tensor<1x64xi1, #cols> -> tensor<128x64xi1, #mma>
      %57 = tilegpu.dot_wait %55 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
      %58 = arith.select %56, %57, %cst_1 : tensor<128x64xi1, #mma>, tensor<128x64xf32, #mma>
      %59 = tile.splat %3 : f32 -> tensor<128x64xf32, #mma>
      %60 = arith.mulf %58, %59 : tensor<128x64xf32, #mma>
      %61 = tile.reduce max %60 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
      %62 = arith.maximumf %arg8, %61 : tensor<128xf32, #rows>
      %63 = arith.cmpf oeq, %62, %cst_11 : tensor<128xf32, #rows>
      %64 = arith.select %63, %cst_5, %62 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
      %65 = tile.expand_dims %64 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
      %66 = tile.broadcast %65 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
      %67 = arith.subf %60, %66 : tensor<128x64xf32, #mma>
      %68 = math.exp2 %67 : tensor<128x64xf32, #mma>
      %69 = arith.subf %arg8, %64 : tensor<128xf32, #rows>
      %70 = math.exp2 %69 : tensor<128xf32, #rows>
      %71 = tile.reduce sum %68 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
      %72 = arith.mulf %70, %arg9 : tensor<128xf32, #rows>
      %73 = arith.addf %72, %71 : tensor<128xf32, #rows>
      %74 = tile.expand_dims %70 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
      %75 = tile.broadcast %74 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
      %76 = arith.mulf %arg10, %75 : tensor<128x64xf32, #mma>
      %77 = arith.truncf %68 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
      %78 = tile.dot %77, %48, %76 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #mma>, tensor<64x64xf16, #shared> -> tensor<128x64xf32, #mma>
      %79 = tilegpu.dot_wait %78 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
      scf.yield %62, %73, %79 : tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>
    }
    tilegpu.async_wait 0
    %30 = arith.cmpf oeq, %29#1, %cst_8 : tensor<128xf32, #rows>
    %31 = arith.select %30, %cst_0, %29#1 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
    %32 = tile.expand_dims %31 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
    %33 = tile.broadcast %32 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
    %34 = arith.divf %29#2, %33 : tensor<128x64xf32, #mma>
    %35 = arith.truncf %34 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
    tile.store %35, %15[%2, %7, %c0_i32] : tensor<128x64xf16, #mma> -> !tile.view<f16, 3>
    %36 = math.log2 %29#1 : tensor<128xf32, #rows>
    %37 = arith.addf %29#0, %36 : tensor<128xf32, #rows>
    %38 = arith.mulf %37, %cst : tensor<128xf32, #rows>
    tile.store %38, %16[%2, %7] : tensor<128xf32, #rows> -> !tile.view<f32, 2>
    return
  }
}

