#map = affine_map<()[s0, s1] -> (s1 ceildiv 128, s0)>
#mma = #tilegpu.mma<warpsM = 8, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
#shared_t = #tilegpu.shared<transposed = true, swizzle = 128>
#cols = #tilegpu.slice<dim = 0, parent = #mma>
#rows = #tilegpu.slice<dim = 1, parent = #mma>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @fa2(%arg0: !tile.view<f16, 3> {tile.name = "Q", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg1: !tile.view<f16, 3> {tile.name = "K", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg2: !tile.view<f16, 3> {tile.name = "V", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg3: f32 {tile.name = "sm_scale"}, %arg4: !tile.view<f16, 3> {tile.name = "Out", tile.role = "output", tile.shape = ["BH", "N", 64]}, %arg5: !tile.view<f32, 2> {tile.name = "Lse", tile.role = "output", tile.shape = ["BH", "N"]}) attributes {tile.constants = {BLOCK_M = 128 : i64, BLOCK_N = 64 : i64, CAUSAL = false, DTYPE = f16, HEAD_DIM = 64 : i64, NUM_STAGES = 2 : i64, NUM_WARPS = 8 : i64, OVERLAP_DOTS = false, PERSISTENT = false, PING_PONG = false, WARP_SPECIALIZE = false, WINDOW_LEFT = -1 : i64, WINDOW_RIGHT = -1 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 8 : i32, tile.overlap_dots = false, tile.persistent = false, tile.ping_pong = false, tile.sizes = ["BH", "N"], tile.warp_specialize = false, tilegpu.shared_bytes = 49216 : i64} {
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
    tilegpu.ring_init {buffer = 0 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49152 : i64}
    tilegpu.ring_init {buffer = 1 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49168 : i64}
    %c0_i32_13 = arith.constant 0 : i32
    %10 = arith.muli %c64_i32, %c0_i32_13 : i32
    %11 = arith.addi %c0_i32, %10 : i32
    %c0_i32_14 = arith.constant 0 : i32
    %12 = arith.cmpi slt, %11, %9 : i32
    tilegpu.async_load %arg1[%3, %11, %c0_i32] stage %c0_i32_14 if %12 {buffer = 0 : i64, tilegpu.barrier_offset = 49152 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
    tilegpu.async_load %arg2[%3, %11, %c0_i32] stage %c0_i32_14 if %12 {buffer = 1 : i64, tilegpu.barrier_offset = 49168 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
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
      %33 = arith.cmpi slt, %31, %9 : i32
      %c2_i32_17 = arith.constant 2 : i32
      %34 = arith.remsi %32, %c2_i32_17 : i32
      tilegpu.async_load %arg1[%3, %31, %c0_i32] stage %34 if %33 {buffer = 0 : i64, tilegpu.barrier_offset = 49152 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
      tilegpu.async_load %arg2[%3, %31, %c0_i32] stage %34 if %33 {buffer = 1 : i64, tilegpu.barrier_offset = 49168 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
      tilegpu.async_commit
      %35 = tilegpu.stage_view stage %29 {buffer = 0 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %36 = tilegpu.stage_view stage %29 {buffer = 1 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %c2_i32_18 = arith.constant 2 : i32
      %37 = arith.divsi %28, %c2_i32_18 : i32
      %c2_i32_19 = arith.constant 2 : i32
      %38 = arith.remsi %37, %c2_i32_19 : i32
      tilegpu.stage_wait stage %29 phase %38 {buffer = 0 : i64, tilegpu.barrier_offset = 49152 : i64}
      %39 = tile.trans %35 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
      %40 = tile.dot %6, %39, %cst_2 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<128x64xf32, #mma>
      %41 = tile.splat %4 : f32 -> tensor<128x64xf32, #mma>
      %42 = tilegpu.dot_wait %40 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
      %43 = arith.mulf %42, %41 : tensor<128x64xf32, #mma>
      %44 = tile.reduce max %43 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
      %45 = arith.maximumf %arg7, %44 : tensor<128xf32, #rows>
      %46 = arith.cmpf oeq, %45, %cst_9 : tensor<128xf32, #rows>
      %47 = arith.select %46, %cst_6, %45 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
      %48 = tile.expand_dims %47 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
      %49 = tile.broadcast %48 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
      %50 = arith.subf %43, %49 : tensor<128x64xf32, #mma>
      %51 = math.exp2 %50 : tensor<128x64xf32, #mma>
      %52 = arith.subf %arg7, %47 : tensor<128xf32, #rows>
      %53 = math.exp2 %52 : tensor<128xf32, #rows>
      %54 = tile.reduce sum %51 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
      %55 = arith.mulf %53, %arg8 : tensor<128xf32, #rows>
      %56 = arith.addf %55, %54 : tensor<128xf32, #rows>
      %57 = tile.expand_dims %53 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
      %58 = tile.broadcast %57 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
      %59 = arith.mulf %arg9, %58 : tensor<128x64xf32, #mma>
      %60 = arith.truncf %51 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
      %c2_i32_20 = arith.constant 2 : i32
      %61 = arith.divsi %28, %c2_i32_20 : i32
      %c2_i32_21 = arith.constant 2 : i32
      %62 = arith.remsi %61, %c2_i32_21 : i32
      tilegpu.stage_wait stage %29 phase %62 {buffer = 1 : i64, tilegpu.barrier_offset = 49168 : i64}
      %63 = tile.dot %60, %36, %59 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #mma>, tensor<64x64xf16, #shared> -> tensor<128x64xf32, #mma>
      %64 = tilegpu.dot_wait %63 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
      scf.yield %45, %56, %64 : tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>
    }
    tilegpu.async_wait 0
    tilegpu.ring_inval {buffer = 0 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49152 : i64}
    tilegpu.ring_inval {buffer = 1 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49168 : i64}
    tilegpu.ring_init {buffer = 2 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49184 : i64}
    tilegpu.ring_init {buffer = 3 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49200 : i64}
    %c0_i32_15 = arith.constant 0 : i32
    %14 = arith.muli %c64_i32, %c0_i32_15 : i32
    %15 = arith.addi %9, %14 : i32
    %c0_i32_16 = arith.constant 0 : i32
    %16 = arith.cmpi slt, %15, %0 : i32
    tilegpu.async_load %arg1[%3, %15, %c0_i32] stage %c0_i32_16 if %16 {buffer = 2 : i64, tilegpu.barrier_offset = 49184 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
    tilegpu.async_load %arg2[%3, %15, %c0_i32] stage %c0_i32_16 if %16 {buffer = 3 : i64, tilegpu.barrier_offset = 49200 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
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
      %33 = arith.cmpi slt, %31, %0 : i32
      %c2_i32_17 = arith.constant 2 : i32
      %34 = arith.remsi %32, %c2_i32_17 : i32
      tilegpu.async_load %arg1[%3, %31, %c0_i32] stage %34 if %33 {buffer = 2 : i64, tilegpu.barrier_offset = 49184 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
      tilegpu.async_load %arg2[%3, %31, %c0_i32] stage %34 if %33 {buffer = 3 : i64, tilegpu.barrier_offset = 49200 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
      tilegpu.async_commit
      %35 = tilegpu.stage_view stage %29 {buffer = 2 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %36 = tilegpu.stage_view stage %29 {buffer = 3 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %c2_i32_18 = arith.constant 2 : i32
      %37 = arith.divsi %28, %c2_i32_18 : i32
      %c2_i32_19 = arith.constant 2 : i32
      %38 = arith.remsi %37, %c2_i32_19 : i32
      tilegpu.stage_wait stage %29 phase %38 {buffer = 2 : i64, tilegpu.barrier_offset = 49184 : i64}
      %39 = tile.trans %35 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
      %40 = tile.dot %6, %39, %cst_4 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<128x64xf32, #mma>
      %41 = tile.splat %arg6 : i32 -> tensor<64xi32, #cols>
      %42 = arith.addi %41, %5 : tensor<64xi32, #cols>
      %43 = tile.expand_dims %42 axis 0 : tensor<64xi32, #cols> -> tensor<1x64xi32, #cols>
      %44 = tile.splat %0 : i32 -> tensor<1x64xi32, #cols>
      %45 = arith.cmpi slt, %43, %44 : tensor<1x64xi32, #cols>
      %46 = tile.broadcast %45 : tensor<1x64xi1, #cols> -> tensor<128x64xi1, #mma>
      %47 = tilegpu.dot_wait %40 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
      %48 = arith.select %46, %47, %cst_1 : tensor<128x64xi1, #mma>, tensor<128x64xf32, #mma>
      %49 = tile.splat %4 : f32 -> tensor<128x64xf32, #mma>
      %50 = arith.mulf %48, %49 : tensor<128x64xf32, #mma>
      %51 = tile.reduce max %50 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
      %52 = arith.maximumf %arg7, %51 : tensor<128xf32, #rows>
      %53 = arith.cmpf oeq, %52, %cst_11 : tensor<128xf32, #rows>
      %54 = arith.select %53, %cst_5, %52 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
      %55 = tile.expand_dims %54 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
      %56 = tile.broadcast %55 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
      %57 = arith.subf %50, %56 : tensor<128x64xf32, #mma>
      %58 = math.exp2 %57 : tensor<128x64xf32, #mma>
      %59 = arith.subf %arg7, %54 : tensor<128xf32, #rows>
      %60 = math.exp2 %59 : tensor<128xf32, #rows>
      %61 = tile.reduce sum %58 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
      %62 = arith.mulf %60, %arg8 : tensor<128xf32, #rows>
      %63 = arith.addf %62, %61 : tensor<128xf32, #rows>
      %64 = tile.expand_dims %60 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
      %65 = tile.broadcast %64 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
      %66 = arith.mulf %arg9, %65 : tensor<128x64xf32, #mma>
      %67 = arith.truncf %58 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
      %c2_i32_20 = arith.constant 2 : i32
      %68 = arith.divsi %28, %c2_i32_20 : i32
      %c2_i32_21 = arith.constant 2 : i32
      %69 = arith.remsi %68, %c2_i32_21 : i32
      tilegpu.stage_wait stage %29 phase %69 {buffer = 3 : i64, tilegpu.barrier_offset = 49200 : i64}
      %70 = tile.dot %67, %36, %66 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #mma>, tensor<64x64xf16, #shared> -> tensor<128x64xf32, #mma>
      %71 = tilegpu.dot_wait %70 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
      scf.yield %52, %63, %71 : tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>
    }
    tilegpu.async_wait 0
    tilegpu.ring_inval {buffer = 2 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49184 : i64}
    tilegpu.ring_inval {buffer = 3 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49200 : i64}
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

