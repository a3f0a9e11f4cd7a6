#map = affine_map<()[s0, s1, s2] -> (s2 ceildiv 128, s1, s0)>
#mma = #tilegpu.mma<warpsM = 8, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
#shared_t = #tilegpu.shared<transposed = true, swizzle = 128>
#cols = #tilegpu.slice<dim = 0, parent = #mma>
#rows = #tilegpu.slice<dim = 1, parent = #mma>
module {
  func.func @fa2_bnhd(%arg0: !tile.view<f16, 4> {tile.name = "Q", tile.role = "input", tile.shape = ["B", "H", "N", 64]}, %arg1: !tile.view<f16, 4> {tile.name = "K", tile.role = "input", tile.shape = ["B", "H", "N", 64]}, %arg2: !tile.view<f16, 4> {tile.name = "V", tile.role = "input", tile.shape = ["B", "H", "N", 64]}, %arg3: !tile.view<f32, 1> {tile.name = "Slopes", tile.role = "input", tile.shape = ["H"]}, %arg4: f32 {tile.name = "sm_scale"}, %arg5: !tile.view<f16, 4> {tile.name = "Out", tile.role = "output", tile.shape = ["B", "H", "N", 64]}, %arg6: !tile.view<f32, 3> {tile.name = "Lse", tile.role = "output", tile.shape = ["B", "H", "N"]}) attributes {tilegpu.shared_bytes = 49216 : i64, tile.constants = {ALIBI = false, BLOCK_M = 128 : i64, BLOCK_N = 64 : i64, CAUSAL = false, DTYPE = f16, HEAD_DIM = 64 : i64, NUM_STAGES = 2 : i64, NUM_WARPS = 8 : i64, WINDOW_LEFT = -1 : i64, WINDOW_RIGHT = -1 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 8 : i32, tile.sizes = ["B", "H", "N"]} {
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
    %0 = tile.dim %arg0, 2 : !tile.view<f16, 4>
    %1 = tile.program_id 0
    %2 = arith.muli %1, %c128_i32 : i32
    %3 = tile.program_id 1
    %4 = tile.program_id 2
    %5 = arith.mulf %arg4, %cst_12 : f32
    %6 = tile.iota : tensor<64xi32, #cols>
    %7 = tile.load %arg0[%4, %3, %2, %c0_i32] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 4> -> tensor<128x64xf16, #shared>
    %8 = arith.divsi %0, %c64_i32 : i32
    %9 = arith.muli %8, %c64_i32 : i32
    %10 = arith.maxsi %9, %c0_i32 : i32
    tilegpu.ring_init {buffer = 0 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49152 : i64}
    tilegpu.ring_init {buffer = 1 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49168 : i64}
    %c0_i32_13 = arith.constant 0 : i32
    %11 = arith.muli %c64_i32, %c0_i32_13 : i32
    %12 = arith.addi %c0_i32, %11 : i32
    %c0_i32_14 = arith.constant 0 : i32
    %13 = arith.cmpi slt, %12, %10 : i32
    tilegpu.async_load %arg1[%4, %3, %12, %c0_i32] stage %c0_i32_14 if %13 {buffer = 0 : i64, tilegpu.barrier_offset = 49152 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 4> -> tensor<64x64xf16, #shared>
    tilegpu.async_load %arg2[%4, %3, %12, %c0_i32] stage %c0_i32_14 if %13 {buffer = 1 : i64, tilegpu.barrier_offset = 49168 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 4> -> tensor<64x64xf16, #shared>
    tilegpu.async_commit
    %14:3 = scf.for %arg7 = %c0_i32 to %10 step %c64_i32 iter_args(%arg8 = %cst_10, %arg9 = %cst_7, %arg10 = %cst_3) -> (tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>)  : i32 {
      %28 = arith.subi %arg7, %c0_i32 : i32
      %29 = arith.divsi %28, %c64_i32 : i32
      %c2_i32 = arith.constant 2 : i32
      %30 = arith.remsi %29, %c2_i32 : i32
      tilegpu.async_wait 0
      %c1_i32 = arith.constant 1 : i32
      %31 = arith.muli %c64_i32, %c1_i32 : i32
      %32 = arith.addi %arg7, %31 : i32
      %33 = arith.addi %29, %c1_i32 : i32
      %34 = arith.cmpi slt, %32, %10 : i32
      %c2_i32_17 = arith.constant 2 : i32
      %35 = arith.remsi %33, %c2_i32_17 : i32
      tilegpu.async_load %arg1[%4, %3, %32, %c0_i32] stage %35 if %34 {buffer = 0 : i64, tilegpu.barrier_offset = 49152 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 4> -> tensor<64x64xf16, #shared>
      tilegpu.async_load %arg2[%4, %3, %32, %c0_i32] stage %35 if %34 {buffer = 1 : i64, tilegpu.barrier_offset = 49168 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 4> -> tensor<64x64xf16, #shared>
      tilegpu.async_commit
      %36 = tilegpu.stage_view stage %30 {buffer = 0 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %37 = tilegpu.stage_view stage %30 {buffer = 1 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %c2_i32_18 = arith.constant 2 : i32
      %38 = arith.divsi %29, %c2_i32_18 : i32
      %c2_i32_19 = arith.constant 2 : i32
      %39 = arith.remsi %38, %c2_i32_19 : i32
      tilegpu.stage_wait stage %30 phase %39 {buffer = 0 : i64, tilegpu.barrier_offset = 49152 : i64}
      %40 = tile.trans %36 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
      %41 = tile.dot %7, %40, %cst_2 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<128x64xf32, #mma>
      %42 = tile.splat %5 : f32 -> tensor<128x64xf32, #mma>
      %43 = tilegpu.dot_wait %41 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
      %44 = arith.mulf %43, %42 : tensor<128x64xf32, #mma>
      %45 = tile.reduce max %44 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
      %46 = arith.maximumf %arg8, %45 : tensor<128xf32, #rows>
      %47 = arith.cmpf oeq, %46, %cst_9 : tensor<128xf32, #rows>
      %48 = arith.select %47, %cst_6, %46 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
      %49 = tile.expand_dims %48 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
      %50 = tile.broadcast %49 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
      %51 = arith.subf %44, %50 : tensor<128x64xf32, #mma>
      %52 = math.exp2 %51 : tensor<128x64xf32, #mma>
      %53 = arith.subf %arg8, %48 : tensor<128xf32, #rows>
      %54 = math.exp2 %53 : tensor<128xf32, #rows>
      %55 = tile.reduce sum %52 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
      %56 = arith.mulf %54, %arg9 : tensor<128xf32, #rows>
      %57 = arith.addf %56, %55 : tensor<128xf32, #rows>
      %58 = tile.expand_dims %54 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
      %59 = tile.broadcast %58 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
      %60 = arith.mulf %arg10, %59 : tensor<128x64xf32, #mma>
      %61 = arith.truncf %52 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
      %c2_i32_20 = arith.constant 2 : i32
      %62 = arith.divsi %29, %c2_i32_20 : i32
      %c2_i32_21 = arith.constant 2 : i32
      %63 = arith.remsi %62, %c2_i32_21 : i32
      tilegpu.stage_wait stage %30 phase %63 {buffer = 1 : i64, tilegpu.barrier_offset = 49168 : i64}
      %64 = tile.dot %61, %37, %60 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #mma>, tensor<64x64xf16, #shared> -> tensor<128x64xf32, #mma>
      %65 = tilegpu.dot_wait %64 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
      scf.yield %46, %57, %65 : tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>
    }
    tilegpu.async_wait 0
    tilegpu.ring_inval {buffer = 0 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49152 : i64}
    tilegpu.ring_inval {buffer = 1 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49168 : i64}
    tilegpu.ring_init {buffer = 2 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49184 : i64}
    tilegpu.ring_init {buffer = 3 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49200 : i64}
    %c0_i32_15 = arith.constant 0 : i32
    %15 = arith.muli %c64_i32, %c0_i32_15 : i32
    %16 = arith.addi %10, %15 : i32
    %c0_i32_16 = arith.constant 0 : i32
    %17 = arith.cmpi slt, %16, %0 : i32
    tilegpu.async_load %arg1[%4, %3, %16, %c0_i32] stage %c0_i32_16 if %17 {buffer = 2 : i64, tilegpu.barrier_offset = 49184 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 4> -> tensor<64x64xf16, #shared>
    tilegpu.async_load %arg2[%4, %3, %16, %c0_i32] stage %c0_i32_16 if %17 {buffer = 3 : i64, tilegpu.barrier_offset = 49200 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 4> -> tensor<64x64xf16, #shared>
    tilegpu.async_commit
    %18:3 = scf.for %arg7 = %10 to %0 step %c64_i32 iter_args(%arg8 = %14#0, %arg9 = %14#1, %arg10 = %14#2) -> (tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>)  : i32 {
      %28 = arith.subi %arg7, %10 : i32
      %29 = arith.divsi %28, %c64_i32 : i32
      %c2_i32 = arith.constant 2 : i32
      %30 = arith.remsi %29, %c2_i32 : i32
      tilegpu.async_wait 0
      %c1_i32 = arith.constant 1 : i32
      %31 = arith.muli %c64_i32, %c1_i32 : i32
      %32 = arith.addi %arg7, %31 : i32
      %33 = arith.addi %29, %c1_i32 : i32
      %34 = arith.cmpi slt, %32, %0 : i32
      %c2_i32_17 = arith.constant 2 : i32
      %35 = arith.remsi %33, %c2_i32_17 : i32
      tilegpu.async_load %arg1[%4, %3, %32, %c0_i32] stage %35 if %34 {buffer = 2 : i64, tilegpu.barrier_offset = 49184 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 4> -> tensor<64x64xf16, #shared>
      tilegpu.async_load %arg2[%4, %3, %32, %c0_i32] stage %35 if %34 {buffer = 3 : i64, tilegpu.barrier_offset = 49200 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 4> -> tensor<64x64xf16, #shared>
      tilegpu.async_commit
      %36 = tilegpu.stage_view stage %30 {buffer = 2 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %37 = tilegpu.stage_view stage %30 {buffer = 3 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %c2_i32_18 = arith.constant 2 : i32
      %38 = arith.divsi %29, %c2_i32_18 : i32
      %c2_i32_19 = arith.constant 2 : i32
      %39 = arith.remsi %38, %c2_i32_19 : i32
      tilegpu.stage_wait stage %30 phase %39 {buffer = 2 : i64, tilegpu.barrier_offset = 49184 : i64}
      %40 = tile.trans %36 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
      %41 = tile.dot %7, %40, %cst_4 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<128x64xf32, #mma>
      %42 = tile.splat %5 : f32 -> tensor<128x64xf32, #mma>
      %43 = tilegpu.dot_wait %41 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
      %44 = arith.mulf %43, %42 : tensor<128x64xf32, #mma>
      %45 = tile.splat %arg7 : i32 -> tensor<64xi32, #cols>
      %46 = arith.addi %45, %6 : tensor<64xi32, #cols>
      %47 = tile.expand_dims %46 axis 0 : tensor<64xi32, #cols> -> tensor<1x64xi32, #cols>
      %48 = tile.splat %0 : i32 -> tensor<1x64xi32, #cols>
      %49 = arith.cmpi slt, %47, %48 : tensor<1x64xi32, #cols>
      %50 = tile.broadcast %49 : tensor<1x64xi1, #cols> -> tensor<128x64xi1, #mma>
      %51 = arith.select %50, %44, %cst_1 : tensor<128x64xi1, #mma>, tensor<128x64xf32, #mma>
      %52 = tile.reduce max %51 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
      %53 = arith.maximumf %arg8, %52 : tensor<128xf32, #rows>
      %54 = arith.cmpf oeq, %53, %cst_11 : tensor<128xf32, #rows>
      %55 = arith.select %54, %cst_5, %53 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
      %56 = tile.expand_dims %55 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
      %57 = tile.broadcast %56 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
      %58 = arith.subf %51, %57 : tensor<128x64xf32, #mma>
      %59 = math.exp2 %58 : tensor<128x64xf32, #mma>
      %60 = arith.subf %arg8, %55 : tensor<128xf32, #rows>
      %61 = math.exp2 %60 : tensor<128xf32, #rows>
      %62 = tile.reduce sum %59 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
      %63 = arith.mulf %61, %arg9 : tensor<128xf32, #rows>
      %64 = arith.addf %63, %62 : tensor<128xf32, #rows>
      %65 = tile.expand_dims %61 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
      %66 = tile.broadcast %65 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
      %67 = arith.mulf %arg10, %66 : tensor<128x64xf32, #mma>
      %68 = arith.truncf %59 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
      %c2_i32_20 = arith.constant 2 : i32
      %69 = arith.divsi %29, %c2_i32_20 : i32
      %c2_i32_21 = arith.constant 2 : i32
      %70 = arith.remsi %69, %c2_i32_21 : i32
      tilegpu.stage_wait stage %30 phase %70 {buffer = 3 : i64, tilegpu.barrier_offset = 49200 : i64}
      %71 = tile.dot %68, %37, %67 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #mma>, tensor<64x64xf16, #shared> -> tensor<128x64xf32, #mma>
      %72 = tilegpu.dot_wait %71 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
      scf.yield %53, %64, %72 : tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>
    }
    tilegpu.async_wait 0
    tilegpu.ring_inval {buffer = 2 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49184 : i64}
    tilegpu.ring_inval {buffer = 3 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49200 : i64}
    %19 = arith.cmpf oeq, %18#1, %cst_8 : tensor<128xf32, #rows>
    %20 = arith.select %19, %cst_0, %18#1 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
    %21 = tile.expand_dims %20 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
    %22 = tile.broadcast %21 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
    %23 = arith.divf %18#2, %22 : tensor<128x64xf32, #mma>
    %24 = arith.truncf %23 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
    tile.store %24, %arg5[%4, %3, %2, %c0_i32] : tensor<128x64xf16, #mma> -> !tile.view<f16, 4>
    %25 = math.log2 %18#1 : tensor<128xf32, #rows>
    %26 = arith.addf %18#0, %25 : tensor<128xf32, #rows>
    %27 = arith.mulf %26, %cst : tensor<128xf32, #rows>
    tile.store %27, %arg6[%4, %3, %2] : tensor<128xf32, #rows> -> !tile.view<f32, 3>
    return
  }
}

