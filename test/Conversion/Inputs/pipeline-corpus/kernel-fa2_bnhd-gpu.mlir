#map = affine_map<()[s0, s1, s2, s3] -> (s2 ceildiv 128, s1, s0)>
#mma = #tilegpu.mma<warpsM = 8, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
#shared_t = #tilegpu.shared<transposed = true, swizzle = 128>
#cols = #tilegpu.slice<dim = 0, parent = #mma>
#rows = #tilegpu.slice<dim = 1, parent = #mma>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @fa2_bnhd(%arg0: !tile.view<f16, 4> {tile.name = "Q", tile.role = "input", tile.shape = ["B", "H", "N", 64]}, %arg1: !tile.view<f16, 4> {tile.name = "K", tile.role = "input", tile.shape = ["B", "HK", "N", 64]}, %arg2: !tile.view<f16, 4> {tile.name = "V", tile.role = "input", tile.shape = ["B", "HK", "N", 64]}, %arg3: !tile.view<f32, 1> {tile.name = "Slopes", tile.role = "input", tile.shape = ["H"]}, %arg4: f32 {tile.name = "sm_scale"}, %arg5: !tile.view<f16, 4> {tile.name = "Out", tile.role = "output", tile.shape = ["B", "H", "N", 64]}, %arg6: !tile.view<f32, 3> {tile.name = "Lse", tile.role = "output", tile.shape = ["B", "H", "N"]}) attributes {tile.constants = {ALIBI = false, BLOCK_M = 128 : i64, BLOCK_N = 64 : i64, CAUSAL = false, DTYPE = f16, HEAD_DIM = 64 : i64, NUM_STAGES = 2 : i64, NUM_WARPS = 8 : i64, WINDOW_LEFT = -1 : i64, WINDOW_RIGHT = -1 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 8 : i32, tile.sizes = ["B", "H", "N", "HK"], tilegpu.shared_bytes = 49216 : i64} {
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
    %0 = tile.dim %arg0, 1 : !tile.view<f16, 4>
    %1 = tile.dim %arg1, 1 : !tile.view<f16, 4>
    %2 = tile.dim %arg0, 2 : !tile.view<f16, 4>
    %3 = tile.program_id 0
    %4 = arith.muli %3, %c128_i32 : i32
    %5 = tile.program_id 1
    %6 = arith.divsi %0, %1 : i32
    %7 = arith.divsi %5, %6 : i32
    %8 = tile.program_id 2
    %9 = arith.mulf %arg4, %cst_12 : f32
    %10 = tile.iota : tensor<64xi32, #cols>
    %11 = tile.load %arg0[%8, %5, %4, %c0_i32] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 4> -> tensor<128x64xf16, #shared>
    %12 = arith.divsi %2, %c64_i32 : i32
    %13 = arith.muli %12, %c64_i32 : i32
    %14 = arith.maxsi %13, %c0_i32 : i32
    tilegpu.ring_init {buffer = 0 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49152 : i64}
    tilegpu.ring_init {buffer = 1 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49168 : i64}
    %c0_i32_13 = arith.constant 0 : i32
    %15 = arith.muli %c64_i32, %c0_i32_13 : i32
    %16 = arith.addi %c0_i32, %15 : i32
    %c0_i32_14 = arith.constant 0 : i32
    %17 = arith.cmpi slt, %16, %14 : i32
    tilegpu.async_load %arg1[%8, %7, %16, %c0_i32] stage %c0_i32_14 if %17 {buffer = 0 : i64, tilegpu.barrier_offset = 49152 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 4> -> tensor<64x64xf16, #shared>
    tilegpu.async_load %arg2[%8, %7, %16, %c0_i32] stage %c0_i32_14 if %17 {buffer = 1 : i64, tilegpu.barrier_offset = 49168 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 4> -> tensor<64x64xf16, #shared>
    tilegpu.async_commit
    %18:3 = scf.for %arg7 = %c0_i32 to %14 step %c64_i32 iter_args(%arg8 = %cst_10, %arg9 = %cst_7, %arg10 = %cst_3) -> (tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>)  : i32 {
      %32 = arith.subi %arg7, %c0_i32 : i32
      %33 = arith.divsi %32, %c64_i32 : i32
      %c2_i32 = arith.constant 2 : i32
      %34 = arith.remsi %33, %c2_i32 : i32
      tilegpu.async_wait 0
      %c1_i32 = arith.constant 1 : i32
      %35 = arith.muli %c64_i32, %c1_i32 : i32
      %36 = arith.addi %arg7, %35 : i32
      %37 = arith.addi %33, %c1_i32 : i32
      %38 = arith.cmpi slt, %36, %14 : i32
      %c2_i32_17 = arith.constant 2 : i32
      %39 = arith.remsi %37, %c2_i32_17 : i32
      tilegpu.async_load %arg1[%8, %7, %36, %c0_i32] stage %39 if %38 {buffer = 0 : i64, tilegpu.barrier_offset = 49152 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 4> -> tensor<64x64xf16, #shared>
      tilegpu.async_load %arg2[%8, %7, %36, %c0_i32] stage %39 if %38 {buffer = 1 : i64, tilegpu.barrier_offset = 49168 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 4> -> tensor<64x64xf16, #shared>
      tilegpu.async_commit
      %40 = tilegpu.stage_view stage %34 {buffer = 0 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %41 = tilegpu.stage_view stage %34 {buffer = 1 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %c2_i32_18 = arith.constant 2 : i32
      %42 = arith.divsi %33, %c2_i32_18 : i32
      %c2_i32_19 = arith.constant 2 : i32
      %43 = arith.remsi %42, %c2_i32_19 : i32
      tilegpu.stage_wait stage %34 phase %43 {buffer = 0 : i64, tilegpu.barrier_offset = 49152 : i64}
      %44 = tile.trans %40 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
      %45 = tile.dot %11, %44, %cst_2 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<128x64xf32, #mma>
      %46 = tile.splat %9 : f32 -> tensor<128x64xf32, #mma>
      %47 = tilegpu.dot_wait %45 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
      %48 = arith.mulf %47, %46 : tensor<128x64xf32, #mma>
      %49 = tile.reduce max %48 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
      %50 = arith.maximumf %arg8, %49 : tensor<128xf32, #rows>
      %51 = arith.cmpf oeq, %50, %cst_9 : tensor<128xf32, #rows>
      %52 = arith.select %51, %cst_6, %50 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
      %53 = tile.expand_dims %52 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
      %54 = tile.broadcast %53 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
      %55 = arith.subf %48, %54 : tensor<128x64xf32, #mma>
      %56 = math.exp2 %55 : tensor<128x64xf32, #mma>
      %57 = arith.subf %arg8, %52 : tensor<128xf32, #rows>
      %58 = math.exp2 %57 : tensor<128xf32, #rows>
      %59 = tile.reduce sum %56 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
      %60 = arith.mulf %58, %arg9 : tensor<128xf32, #rows>
      %61 = arith.addf %60, %59 : tensor<128xf32, #rows>
      %62 = tile.expand_dims %58 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
      %63 = tile.broadcast %62 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
      %64 = arith.mulf %arg10, %63 : tensor<128x64xf32, #mma>
      %65 = arith.truncf %56 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
      %c2_i32_20 = arith.constant 2 : i32
      %66 = arith.divsi %33, %c2_i32_20 : i32
      %c2_i32_21 = arith.constant 2 : i32
      %67 = arith.remsi %66, %c2_i32_21 : i32
      tilegpu.stage_wait stage %34 phase %67 {buffer = 1 : i64, tilegpu.barrier_offset = 49168 : i64}
      %68 = tile.dot %65, %41, %64 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #mma>, tensor<64x64xf16, #shared> -> tensor<128x64xf32, #mma>
      %69 = tilegpu.dot_wait %68 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
      scf.yield %50, %61, %69 : tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>
    }
    tilegpu.async_wait 0
    tilegpu.ring_inval {buffer = 0 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49152 : i64}
    tilegpu.ring_inval {buffer = 1 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49168 : i64}
    tilegpu.ring_init {buffer = 2 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49184 : i64}
    tilegpu.ring_init {buffer = 3 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49200 : i64}
    %c0_i32_15 = arith.constant 0 : i32
    %19 = arith.muli %c64_i32, %c0_i32_15 : i32
    %20 = arith.addi %14, %19 : i32
    %c0_i32_16 = arith.constant 0 : i32
    %21 = arith.cmpi slt, %20, %2 : i32
    tilegpu.async_load %arg1[%8, %7, %20, %c0_i32] stage %c0_i32_16 if %21 {buffer = 2 : i64, tilegpu.barrier_offset = 49184 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 4> -> tensor<64x64xf16, #shared>
    tilegpu.async_load %arg2[%8, %7, %20, %c0_i32] stage %c0_i32_16 if %21 {buffer = 3 : i64, tilegpu.barrier_offset = 49200 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 4> -> tensor<64x64xf16, #shared>
    tilegpu.async_commit
    %22:3 = scf.for %arg7 = %14 to %2 step %c64_i32 iter_args(%arg8 = %18#0, %arg9 = %18#1, %arg10 = %18#2) -> (tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>)  : i32 {
      %32 = arith.subi %arg7, %14 : i32
      %33 = arith.divsi %32, %c64_i32 : i32
      %c2_i32 = arith.constant 2 : i32
      %34 = arith.remsi %33, %c2_i32 : i32
      tilegpu.async_wait 0
      %c1_i32 = arith.constant 1 : i32
      %35 = arith.muli %c64_i32, %c1_i32 : i32
      %36 = arith.addi %arg7, %35 : i32
      %37 = arith.addi %33, %c1_i32 : i32
      %38 = arith.cmpi slt, %36, %2 : i32
      %c2_i32_17 = arith.constant 2 : i32
      %39 = arith.remsi %37, %c2_i32_17 : i32
      tilegpu.async_load %arg1[%8, %7, %36, %c0_i32] stage %39 if %38 {buffer = 2 : i64, tilegpu.barrier_offset = 49184 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 4> -> tensor<64x64xf16, #shared>
      tilegpu.async_load %arg2[%8, %7, %36, %c0_i32] stage %39 if %38 {buffer = 3 : i64, tilegpu.barrier_offset = 49200 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 4> -> tensor<64x64xf16, #shared>
      tilegpu.async_commit
      %40 = tilegpu.stage_view stage %34 {buffer = 2 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %41 = tilegpu.stage_view stage %34 {buffer = 3 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %c2_i32_18 = arith.constant 2 : i32
      %42 = arith.divsi %33, %c2_i32_18 : i32
      %c2_i32_19 = arith.constant 2 : i32
      %43 = arith.remsi %42, %c2_i32_19 : i32
      tilegpu.stage_wait stage %34 phase %43 {buffer = 2 : i64, tilegpu.barrier_offset = 49184 : i64}
      %44 = tile.trans %40 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
      %45 = tile.dot %11, %44, %cst_4 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<128x64xf32, #mma>
      %46 = tile.splat %9 : f32 -> tensor<128x64xf32, #mma>
      %47 = tilegpu.dot_wait %45 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
      %48 = arith.mulf %47, %46 : tensor<128x64xf32, #mma>
      %49 = tile.splat %arg7 : i32 -> tensor<64xi32, #cols>
      %50 = arith.addi %49, %10 : tensor<64xi32, #cols>
      %51 = tile.expand_dims %50 axis 0 : tensor<64xi32, #cols> -> tensor<1x64xi32, #cols>
      %52 = tile.splat %2 : i32 -> tensor<1x64xi32, #cols>
      %53 = arith.cmpi slt, %51, %52 : tensor<1x64xi32, #cols>
      %54 = tile.broadcast %53 : tensor<1x64xi1, #cols> -> tensor<128x64xi1, #mma>
      %55 = arith.select %54, %48, %cst_1 : tensor<128x64xi1, #mma>, tensor<128x64xf32, #mma>
      %56 = tile.reduce max %55 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
      %57 = arith.maximumf %arg8, %56 : tensor<128xf32, #rows>
      %58 = arith.cmpf oeq, %57, %cst_11 : tensor<128xf32, #rows>
      %59 = arith.select %58, %cst_5, %57 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
      %60 = tile.expand_dims %59 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
      %61 = tile.broadcast %60 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
      %62 = arith.subf %55, %61 : tensor<128x64xf32, #mma>
      %63 = math.exp2 %62 : tensor<128x64xf32, #mma>
      %64 = arith.subf %arg8, %59 : tensor<128xf32, #rows>
      %65 = math.exp2 %64 : tensor<128xf32, #rows>
      %66 = tile.reduce sum %63 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
      %67 = arith.mulf %65, %arg9 : tensor<128xf32, #rows>
      %68 = arith.addf %67, %66 : tensor<128xf32, #rows>
      %69 = tile.expand_dims %65 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
      %70 = tile.broadcast %69 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
      %71 = arith.mulf %arg10, %70 : tensor<128x64xf32, #mma>
      %72 = arith.truncf %63 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
      %c2_i32_20 = arith.constant 2 : i32
      %73 = arith.divsi %33, %c2_i32_20 : i32
      %c2_i32_21 = arith.constant 2 : i32
      %74 = arith.remsi %73, %c2_i32_21 : i32
      tilegpu.stage_wait stage %34 phase %74 {buffer = 3 : i64, tilegpu.barrier_offset = 49200 : i64}
      %75 = tile.dot %72, %41, %71 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #mma>, tensor<64x64xf16, #shared> -> tensor<128x64xf32, #mma>
      %76 = tilegpu.dot_wait %75 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
      scf.yield %57, %68, %76 : tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>
    }
    tilegpu.async_wait 0
    tilegpu.ring_inval {buffer = 2 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49184 : i64}
    tilegpu.ring_inval {buffer = 3 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49200 : i64}
    %23 = arith.cmpf oeq, %22#1, %cst_8 : tensor<128xf32, #rows>
    %24 = arith.select %23, %cst_0, %22#1 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
    %25 = tile.expand_dims %24 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
    %26 = tile.broadcast %25 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
    %27 = arith.divf %22#2, %26 : tensor<128x64xf32, #mma>
    %28 = arith.truncf %27 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
    tile.store %28, %arg5[%8, %5, %4, %c0_i32] : tensor<128x64xf16, #mma> -> !tile.view<f16, 4>
    %29 = math.log2 %22#1 : tensor<128xf32, #rows>
    %30 = arith.addf %22#0, %29 : tensor<128xf32, #rows>
    %31 = arith.mulf %30, %cst : tensor<128xf32, #rows>
    tile.store %31, %arg6[%8, %5, %4] : tensor<128xf32, #rows> -> !tile.view<f32, 3>
    return
  }
}

