#map = affine_map<()[s0, s1, s2] -> (s1 ceildiv 128 + s2 - 1, s0)>
#mma = #tilegpu.mma<warpsM = 8, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
#shared_t = #tilegpu.shared<transposed = true, swizzle = 128>
#cols = #tilegpu.slice<dim = 0, parent = #mma>
#rows = #tilegpu.slice<dim = 1, parent = #mma>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @fa2_varlen(%arg0: !tile.view<f16, 3> {tile.name = "Q", tile.role = "input", tile.shape = ["H", "T", 64]}, %arg1: !tile.view<f16, 3> {tile.name = "K", tile.role = "input", tile.shape = ["H", "T", 64]}, %arg2: !tile.view<f16, 3> {tile.name = "V", tile.role = "input", tile.shape = ["H", "T", 64]}, %arg3: !tile.view<i32, 1> {tile.name = "CuSeqlens", tile.role = "input", tile.shape = ["B1"]}, %arg4: f32 {tile.name = "sm_scale"}, %arg5: !tile.view<f16, 3> {tile.name = "Out", tile.role = "output", tile.shape = ["H", "T", 64]}, %arg6: !tile.view<f32, 2> {tile.name = "Lse", tile.role = "output", tile.shape = ["H", "T"]}) attributes {tile.constants = {BLOCK_M = 128 : i64, BLOCK_N = 64 : i64, CAUSAL = false, DTYPE = f16, HEAD_DIM = 64 : i64, NUM_STAGES = 2 : i64, NUM_WARPS = 8 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 8 : i32, tile.sizes = ["H", "T", "B1"], tilegpu.shared_bytes = 49152 : i64} {
    %c64_i64 = arith.constant 64 : i64
    %c128_i64 = arith.constant 128 : i64
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %cst = arith.constant dense<0.693147182> : tensor<128xf32, #rows>
    %cst_0 = arith.constant dense<1.000000e+00> : tensor<128xf32, #rows>
    %cst_1 = arith.constant dense<1.000000e+00> : tensor<128xf32, #rows>
    %cst_2 = arith.constant dense<0xFF800000> : tensor<128x64xf32, #mma>
    %cst_3 = arith.constant 0.000000e+00 : f32
    %c64_i32 = arith.constant 64 : i32
    %cst_4 = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %cst_5 = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %cst_6 = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %cst_7 = arith.constant dense<0.000000e+00> : tensor<128xf32, #rows>
    %cst_8 = arith.constant dense<0.000000e+00> : tensor<128xf32, #rows>
    %cst_9 = arith.constant dense<0.000000e+00> : tensor<128xf32, #rows>
    %cst_10 = arith.constant dense<0.000000e+00> : tensor<128xf32, #rows>
    %cst_11 = arith.constant dense<0xFF800000> : tensor<128xf32, #rows>
    %cst_12 = arith.constant dense<0xFF800000> : tensor<128xf32, #rows>
    %cst_13 = arith.constant dense<0xFF800000> : tensor<128xf32, #rows>
    %c128_i32 = arith.constant 128 : i32
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst_14 = arith.constant 1.44269502 : f32
    %0 = tile.dim %arg3, 0 : !tile.view<i32, 1>
    %1 = tile.program_id 0
    %2 = tile.program_id 1
    %3 = arith.mulf %arg4, %cst_14 : f32
    %4 = arith.subi %0, %c1_i32 : i32
    %5:3 = scf.for %arg7 = %c0_i32 to %4 step %c1_i32 iter_args(%arg8 = %c0_i32, %arg9 = %c0_i32, %arg10 = %c0_i32) -> (i32, i32, i32)  : i32 {
      %68 = arith.cmpi sge, %1, %arg10 : i32
      %69 = arith.select %68, %arg7, %arg8 : i32
      %70 = arith.select %68, %arg10, %arg9 : i32
      %71 = arith.addi %arg7, %c1_i32 : i32
      %72 = tile.load_scalar %arg3[%71] : !tile.view<i32, 1> -> i32
      %73 = tile.load_scalar %arg3[%arg7] : !tile.view<i32, 1> -> i32
      %74 = arith.subi %72, %73 : i32
      %75 = arith.ceildivsi %74, %c128_i32 : i32
      %76 = arith.addi %arg10, %75 : i32
      scf.yield %69, %70, %76 : i32, i32, i32
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
    %c0_i32_15 = arith.constant 0 : i32
    %22 = arith.muli %c64_i32, %c0_i32_15 : i32
    %23 = arith.addi %c0_i32, %22 : i32
    %c0_i32_16 = arith.constant 0 : i32
    %24 = arith.cmpi slt, %23, %21 : i32
    tilegpu.async_load %13[%2, %23, %c0_i32] stage %c0_i32_16 if %24 {buffer = 0 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
    tilegpu.async_load %14[%2, %23, %c0_i32] stage %c0_i32_16 if %24 {buffer = 1 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
    tilegpu.async_commit
    %25:3 = scf.for %arg7 = %c0_i32 to %21 step %c64_i32 iter_args(%arg8 = %cst_12, %arg9 = %cst_9, %arg10 = %cst_5) -> (tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>)  : i32 {
      %68 = arith.subi %arg7, %c0_i32 : i32
      %69 = arith.divsi %68, %c64_i32 : i32
      %c2_i32 = arith.constant 2 : i32
      %70 = arith.remsi %69, %c2_i32 : i32
      tilegpu.async_wait 0
      %c1_i32_19 = arith.constant 1 : i32
      %71 = arith.muli %c64_i32, %c1_i32_19 : i32
      %72 = arith.addi %arg7, %71 : i32
      %73 = arith.addi %69, %c1_i32_19 : i32
      %74 = arith.cmpi slt, %72, %21 : i32
      %c2_i32_20 = arith.constant 2 : i32
      %75 = arith.remsi %73, %c2_i32_20 : i32
      tilegpu.async_load %13[%2, %72, %c0_i32] stage %75 if %74 {buffer = 0 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
      tilegpu.async_load %14[%2, %72, %c0_i32] stage %75 if %74 {buffer = 1 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
      tilegpu.async_commit
      %76 = tilegpu.stage_view stage %70 {buffer = 0 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %77 = tilegpu.stage_view stage %70 {buffer = 1 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %78 = tile.trans %76 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
      %79 = tile.dot %18, %78, %cst_4 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<128x64xf32, #mma>
      %80 = arith.cmpf oge, %3, %cst_3 : f32
      %81 = tilegpu.dot_wait %79 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
      %82 = scf.if %80 -> (tensor<128xf32, #rows>) {
        %105 = tile.reduce max %81 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
        scf.yield %105 : tensor<128xf32, #rows>
      } else {
        %105 = tile.reduce min %81 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
        scf.yield %105 : tensor<128xf32, #rows>
      }
      %83 = tile.splat %3 : f32 -> tensor<128xf32, #rows>
      %84 = arith.mulf %82, %83 : tensor<128xf32, #rows>
      %85 = tile.splat %3 : f32 -> tensor<128x64xf32, #mma>
      %86 = arith.mulf %81, %85 : tensor<128x64xf32, #mma>
      %87 = arith.maximumf %arg8, %84 : tensor<128xf32, #rows>
      %88 = arith.cmpf oeq, %87, %cst_11 : tensor<128xf32, #rows>
      %89 = arith.select %88, %cst_8, %87 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
      %90 = tile.expand_dims %89 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
      %91 = tile.broadcast %90 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
      %92 = arith.subf %86, %91 : tensor<128x64xf32, #mma>
      %93 = math.exp2 %92 : tensor<128x64xf32, #mma>
      %94 = arith.subf %arg8, %89 : tensor<128xf32, #rows>
      %95 = math.exp2 %94 : tensor<128xf32, #rows>
      %96 = tile.reduce sum %93 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
      %97 = arith.mulf %95, %arg9 : tensor<128xf32, #rows>
      %98 = arith.addf %97, %96 : tensor<128xf32, #rows>
      %99 = tile.expand_dims %95 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
      %100 = tile.broadcast %99 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
      %101 = arith.mulf %arg10, %100 : tensor<128x64xf32, #mma>
      %102 = arith.truncf %93 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
      %103 = tile.dot %102, %77, %101 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #mma>, tensor<64x64xf16, #shared> -> tensor<128x64xf32, #mma>
      %104 = tilegpu.dot_wait %103 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
      scf.yield %87, %98, %104 : tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>
    }
    tilegpu.async_wait 0
    %c0_i32_17 = arith.constant 0 : i32
    %26 = arith.muli %c64_i32, %c0_i32_17 : i32
    %27 = arith.addi %21, %26 : i32
    %c0_i32_18 = arith.constant 0 : i32
    %28 = arith.cmpi slt, %27, %11 : i32
    tilegpu.async_load %13[%2, %27, %c0_i32] stage %c0_i32_18 if %28 {buffer = 2 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
    tilegpu.async_load %14[%2, %27, %c0_i32] stage %c0_i32_18 if %28 {buffer = 3 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
    tilegpu.async_commit
    %29:3 = scf.for %arg7 = %21 to %11 step %c64_i32 iter_args(%arg8 = %25#0, %arg9 = %25#1, %arg10 = %25#2) -> (tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>)  : i32 {
      %68 = arith.subi %arg7, %21 : i32
      %69 = arith.divsi %68, %c64_i32 : i32
      %c2_i32 = arith.constant 2 : i32
      %70 = arith.remsi %69, %c2_i32 : i32
      tilegpu.async_wait 0
      %c1_i32_19 = arith.constant 1 : i32
      %71 = arith.muli %c64_i32, %c1_i32_19 : i32
      %72 = arith.addi %arg7, %71 : i32
      %73 = arith.addi %69, %c1_i32_19 : i32
      %74 = arith.cmpi slt, %72, %11 : i32
      %c2_i32_20 = arith.constant 2 : i32
      %75 = arith.remsi %73, %c2_i32_20 : i32
      tilegpu.async_load %13[%2, %72, %c0_i32] stage %75 if %74 {buffer = 2 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
      tilegpu.async_load %14[%2, %72, %c0_i32] stage %75 if %74 {buffer = 3 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
      tilegpu.async_commit
      %76 = tilegpu.stage_view stage %70 {buffer = 2 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %77 = tilegpu.stage_view stage %70 {buffer = 3 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %78 = tile.splat %arg7 : i32 -> tensor<64xi32, #cols>
      %79 = arith.addi %78, %17 : tensor<64xi32, #cols>
      %80 = tile.expand_dims %79 axis 0 : tensor<64xi32, #cols> -> tensor<1x64xi32, #cols>
      %81 = tile.splat %11 : i32 -> tensor<1x64xi32, #cols>
      %82 = arith.cmpi slt, %80, %81 : tensor<1x64xi32, #cols>
      %83 = tile.trans %76 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
      %84 = tile.dot %18, %83, %cst_6 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<128x64xf32, #mma>
      %85 = tile.broadcast %82 : tensor<1x64xi1, #cols> -> tensor<128x64xi1, #mma>
      %86 = tilegpu.dot_wait %84 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
      %87 = arith.select %85, %86, %cst_2 : tensor<128x64xi1, #mma>, tensor<128x64xf32, #mma>
      %88 = arith.cmpf oge, %3, %cst_3 : f32
      %89 = scf.if %88 -> (tensor<128xf32, #rows>) {
        %112 = tile.reduce max %87 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
        scf.yield %112 : tensor<128xf32, #rows>
      } else {
        %112 = tile.reduce min %87 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
        scf.yield %112 : tensor<128xf32, #rows>
      }
      %90 = tile.splat %3 : f32 -> tensor<128xf32, #rows>
      %91 = arith.mulf %89, %90 : tensor<128xf32, #rows>
      %92 = tile.splat %3 : f32 -> tensor<128x64xf32, #mma>
      %93 = arith.mulf %87, %92 : tensor<128x64xf32, #mma>
      %94 = arith.maximumf %arg8, %91 : tensor<128xf32, #rows>
      %95 = arith.cmpf oeq, %94, %cst_13 : tensor<128xf32, #rows>
      %96 = arith.select %95, %cst_7, %94 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
      %97 = tile.expand_dims %96 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
      %98 = tile.broadcast %97 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
      %99 = arith.subf %93, %98 : tensor<128x64xf32, #mma>
      %100 = math.exp2 %99 : tensor<128x64xf32, #mma>
      %101 = arith.subf %arg8, %96 : tensor<128xf32, #rows>
      %102 = math.exp2 %101 : tensor<128xf32, #rows>
      %103 = tile.reduce sum %100 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
      %104 = arith.mulf %102, %arg9 : tensor<128xf32, #rows>
      %105 = arith.addf %104, %103 : tensor<128xf32, #rows>
      %106 = tile.expand_dims %102 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
      %107 = tile.broadcast %106 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
      %108 = arith.mulf %arg10, %107 : tensor<128x64xf32, #mma>
      %109 = arith.truncf %100 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
      %110 = tile.dot %109, %77, %108 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #mma>, tensor<64x64xf16, #shared> -> tensor<128x64xf32, #mma>
      %111 = tilegpu.dot_wait %110 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
      scf.yield %94, %105, %111 : tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>
    }
    tilegpu.async_wait 0
    %30 = arith.cmpf oeq, %29#1, %cst_10 : tensor<128xf32, #rows>
    %31 = arith.select %30, %cst_0, %29#1 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
    %32 = arith.divf %cst_1, %31 : tensor<128xf32, #rows>
    %33 = tile.expand_dims %32 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
    %34 = tile.broadcast %33 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
    %35 = arith.mulf %29#2, %34 : tensor<128x64xf32, #mma>
    %36 = arith.truncf %35 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
    %37 = arith.extsi %2 : i32 to i64
    %38 = tile.dim %15, 0 : !tile.view<f16, 3>
    %39 = arith.extsi %38 : i32 to i64
    %40 = arith.addi %37, %c1_i64 : i64
    %41 = arith.cmpi sge, %37, %c0_i64 : i64
    %42 = arith.cmpi sle, %40, %39 : i64
    %43 = arith.andi %41, %42 : i1
    %44 = arith.extsi %7 : i32 to i64
    %45 = tile.dim %15, 1 : !tile.view<f16, 3>
    %46 = arith.extsi %45 : i32 to i64
    %47 = arith.addi %44, %c128_i64 : i64
    %48 = arith.cmpi sge, %44, %c0_i64 : i64
    %49 = arith.cmpi sle, %47, %46 : i64
    %50 = arith.andi %48, %49 : i1
    %51 = arith.andi %43, %50 : i1
    %52 = tile.dim %15, 2 : !tile.view<f16, 3>
    %53 = arith.extsi %52 : i32 to i64
    %54 = arith.cmpi sge, %53, %c64_i64 : i64
    %55 = arith.andi %51, %54 : i1
    scf.if %55 {
      tile.store %36, %15[%2, %7, %c0_i32] {in_bounds = array<i1: true, true, true>} : tensor<128x64xf16, #mma> -> !tile.view<f16, 3>
    } else {
      tile.store %36, %15[%2, %7, %c0_i32] : tensor<128x64xf16, #mma> -> !tile.view<f16, 3>
    }
    %56 = math.log2 %29#1 : tensor<128xf32, #rows>
    %57 = arith.addf %29#0, %56 : tensor<128xf32, #rows>
    %58 = arith.mulf %57, %cst : tensor<128xf32, #rows>
    %59 = tile.dim %16, 0 : !tile.view<f32, 2>
    %60 = arith.extsi %59 : i32 to i64
    %61 = arith.cmpi sle, %40, %60 : i64
    %62 = arith.andi %41, %61 : i1
    %63 = tile.dim %16, 1 : !tile.view<f32, 2>
    %64 = arith.extsi %63 : i32 to i64
    %65 = arith.cmpi sle, %47, %64 : i64
    %66 = arith.andi %48, %65 : i1
    %67 = arith.andi %62, %66 : i1
    scf.if %67 {
      tile.store %58, %16[%2, %7] {in_bounds = array<i1: true, true>} : tensor<128xf32, #rows> -> !tile.view<f32, 2>
    } else {
      tile.store %58, %16[%2, %7] : tensor<128xf32, #rows> -> !tile.view<f32, 2>
    }
    return
  }
}

