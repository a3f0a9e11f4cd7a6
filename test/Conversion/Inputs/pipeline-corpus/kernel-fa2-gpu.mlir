#map = affine_map<()[s0, s1] -> (s1 ceildiv 128, s0)>
#mma = #tilegpu.mma<warpsM = 8, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
#shared_t = #tilegpu.shared<transposed = true, swizzle = 128>
#cols = #tilegpu.slice<dim = 0, parent = #mma>
#rows = #tilegpu.slice<dim = 1, parent = #mma>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @fa2(%arg0: !tile.view<f16, 3> {tile.name = "Q", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg1: !tile.view<f16, 3> {tile.name = "K", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg2: !tile.view<f16, 3> {tile.name = "V", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg3: f32 {tile.name = "sm_scale"}, %arg4: !tile.view<f16, 3> {tile.name = "Out", tile.role = "output", tile.shape = ["BH", "N", 64]}, %arg5: !tile.view<f32, 2> {tile.name = "Lse", tile.role = "output", tile.shape = ["BH", "N"]}) attributes {tile.constants = {BLOCK_M = 128 : i64, BLOCK_N = 64 : i64, CAUSAL = false, DTYPE = f16, HEAD_DIM = 64 : i64, NUM_STAGES = 2 : i64, NUM_WARPS = 8 : i64, OVERLAP_DOTS = false, PERSISTENT = false, PING_PONG = false, WARP_SPECIALIZE = false, WINDOW_LEFT = -1 : i64, WINDOW_RIGHT = -1 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 8 : i32, tile.overlap_dots = false, tile.persistent = false, tile.ping_pong = false, tile.sizes = ["BH", "N"], tile.warp_specialize = false, tilegpu.shared_bytes = 49216 : i64} {
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
    %c0_i32 = arith.constant 0 : i32
    %cst_14 = arith.constant 1.44269502 : f32
    %c128_i32 = arith.constant 128 : i32
    %0 = tile.dim %arg0, 1 : !tile.view<f16, 3>
    %1 = tile.program_id 0
    %2 = arith.muli %1, %c128_i32 : i32
    %3 = tile.program_id 1
    %4 = arith.mulf %arg3, %cst_14 : f32
    %5 = tile.iota : tensor<64xi32, #cols>
    %6 = tile.load %arg0[%3, %2, %c0_i32] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 3> -> tensor<128x64xf16, #shared>
    %7 = arith.divsi %0, %c64_i32 : i32
    %8 = arith.muli %7, %c64_i32 : i32
    %9 = arith.maxsi %8, %c0_i32 : i32
    tilegpu.ring_init {buffer = 0 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49152 : i64}
    tilegpu.ring_init {buffer = 1 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49168 : i64}
    %c0_i32_15 = arith.constant 0 : i32
    %10 = arith.muli %c64_i32, %c0_i32_15 : i32
    %11 = arith.addi %c0_i32, %10 : i32
    %c0_i32_16 = arith.constant 0 : i32
    %12 = arith.cmpi slt, %11, %9 : i32
    tilegpu.async_load %arg1[%3, %11, %c0_i32] stage %c0_i32_16 if %12 {buffer = 0 : i64, tilegpu.barrier_offset = 49152 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
    tilegpu.async_load %arg2[%3, %11, %c0_i32] stage %c0_i32_16 if %12 {buffer = 1 : i64, tilegpu.barrier_offset = 49168 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
    tilegpu.async_commit
    %13:3 = scf.for %arg6 = %c0_i32 to %9 step %c64_i32 iter_args(%arg7 = %cst_12, %arg8 = %cst_9, %arg9 = %cst_5) -> (tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>)  : i32 {
      %56 = arith.subi %arg6, %c0_i32 : i32
      %57 = arith.divsi %56, %c64_i32 : i32
      %c2_i32 = arith.constant 2 : i32
      %58 = arith.remsi %57, %c2_i32 : i32
      tilegpu.async_wait 0
      %c1_i32 = arith.constant 1 : i32
      %59 = arith.muli %c64_i32, %c1_i32 : i32
      %60 = arith.addi %arg6, %59 : i32
      %61 = arith.addi %57, %c1_i32 : i32
      %62 = arith.cmpi slt, %60, %9 : i32
      %c2_i32_19 = arith.constant 2 : i32
      %63 = arith.remsi %61, %c2_i32_19 : i32
      tilegpu.async_load %arg1[%3, %60, %c0_i32] stage %63 if %62 {buffer = 0 : i64, tilegpu.barrier_offset = 49152 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
      tilegpu.async_load %arg2[%3, %60, %c0_i32] stage %63 if %62 {buffer = 1 : i64, tilegpu.barrier_offset = 49168 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
      tilegpu.async_commit
      %64 = tilegpu.stage_view stage %58 {buffer = 0 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %65 = tilegpu.stage_view stage %58 {buffer = 1 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %c2_i32_20 = arith.constant 2 : i32
      %66 = arith.divsi %57, %c2_i32_20 : i32
      %c2_i32_21 = arith.constant 2 : i32
      %67 = arith.remsi %66, %c2_i32_21 : i32
      tilegpu.stage_wait stage %58 phase %67 {buffer = 0 : i64, tilegpu.barrier_offset = 49152 : i64}
      %68 = tile.trans %64 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
      %69 = tile.dot %6, %68, %cst_4 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<128x64xf32, #mma>
      %70 = arith.cmpf oge, %4, %cst_3 : f32
      %71 = tilegpu.dot_wait %69 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
      %72 = scf.if %70 -> (tensor<128xf32, #rows>) {
        %97 = tile.reduce max %71 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
        scf.yield %97 : tensor<128xf32, #rows>
      } else {
        %97 = tile.reduce min %71 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
        scf.yield %97 : tensor<128xf32, #rows>
      }
      %73 = tile.splat %4 : f32 -> tensor<128xf32, #rows>
      %74 = arith.mulf %72, %73 : tensor<128xf32, #rows>
      %75 = tile.splat %4 : f32 -> tensor<128x64xf32, #mma>
      %76 = arith.mulf %71, %75 : tensor<128x64xf32, #mma>
      %77 = arith.maximumf %arg7, %74 : tensor<128xf32, #rows>
      %78 = arith.cmpf oeq, %77, %cst_11 : tensor<128xf32, #rows>
      %79 = arith.select %78, %cst_8, %77 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
      %80 = tile.expand_dims %79 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
      %81 = tile.broadcast %80 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
      %82 = arith.subf %76, %81 : tensor<128x64xf32, #mma>
      %83 = math.exp2 %82 : tensor<128x64xf32, #mma>
      %84 = arith.subf %arg7, %79 : tensor<128xf32, #rows>
      %85 = math.exp2 %84 : tensor<128xf32, #rows>
      %86 = tile.reduce sum %83 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
      %87 = arith.mulf %85, %arg8 : tensor<128xf32, #rows>
      %88 = arith.addf %87, %86 : tensor<128xf32, #rows>
      %89 = tile.expand_dims %85 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
      %90 = tile.broadcast %89 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
      %91 = arith.mulf %arg9, %90 : tensor<128x64xf32, #mma>
      %92 = arith.truncf %83 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
      %c2_i32_22 = arith.constant 2 : i32
      %93 = arith.divsi %57, %c2_i32_22 : i32
      %c2_i32_23 = arith.constant 2 : i32
      %94 = arith.remsi %93, %c2_i32_23 : i32
      tilegpu.stage_wait stage %58 phase %94 {buffer = 1 : i64, tilegpu.barrier_offset = 49168 : i64}
      %95 = tile.dot %92, %65, %91 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #mma>, tensor<64x64xf16, #shared> -> tensor<128x64xf32, #mma>
      %96 = tilegpu.dot_wait %95 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
      scf.yield %77, %88, %96 : tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>
    }
    tilegpu.async_wait 0
    tilegpu.ring_inval {buffer = 0 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49152 : i64}
    tilegpu.ring_inval {buffer = 1 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49168 : i64}
    tilegpu.ring_init {buffer = 2 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49184 : i64}
    tilegpu.ring_init {buffer = 3 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49200 : i64}
    %c0_i32_17 = arith.constant 0 : i32
    %14 = arith.muli %c64_i32, %c0_i32_17 : i32
    %15 = arith.addi %9, %14 : i32
    %c0_i32_18 = arith.constant 0 : i32
    %16 = arith.cmpi slt, %15, %0 : i32
    tilegpu.async_load %arg1[%3, %15, %c0_i32] stage %c0_i32_18 if %16 {buffer = 2 : i64, tilegpu.barrier_offset = 49184 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
    tilegpu.async_load %arg2[%3, %15, %c0_i32] stage %c0_i32_18 if %16 {buffer = 3 : i64, tilegpu.barrier_offset = 49200 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
    tilegpu.async_commit
    %17:3 = scf.for %arg6 = %9 to %0 step %c64_i32 iter_args(%arg7 = %13#0, %arg8 = %13#1, %arg9 = %13#2) -> (tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>)  : i32 {
      %56 = arith.subi %arg6, %9 : i32
      %57 = arith.divsi %56, %c64_i32 : i32
      %c2_i32 = arith.constant 2 : i32
      %58 = arith.remsi %57, %c2_i32 : i32
      tilegpu.async_wait 0
      %c1_i32 = arith.constant 1 : i32
      %59 = arith.muli %c64_i32, %c1_i32 : i32
      %60 = arith.addi %arg6, %59 : i32
      %61 = arith.addi %57, %c1_i32 : i32
      %62 = arith.cmpi slt, %60, %0 : i32
      %c2_i32_19 = arith.constant 2 : i32
      %63 = arith.remsi %61, %c2_i32_19 : i32
      tilegpu.async_load %arg1[%3, %60, %c0_i32] stage %63 if %62 {buffer = 2 : i64, tilegpu.barrier_offset = 49184 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
      tilegpu.async_load %arg2[%3, %60, %c0_i32] stage %63 if %62 {buffer = 3 : i64, tilegpu.barrier_offset = 49200 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
      tilegpu.async_commit
      %64 = tilegpu.stage_view stage %58 {buffer = 2 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %65 = tilegpu.stage_view stage %58 {buffer = 3 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %c2_i32_20 = arith.constant 2 : i32
      %66 = arith.divsi %57, %c2_i32_20 : i32
      %c2_i32_21 = arith.constant 2 : i32
      %67 = arith.remsi %66, %c2_i32_21 : i32
      tilegpu.stage_wait stage %58 phase %67 {buffer = 2 : i64, tilegpu.barrier_offset = 49184 : i64}
      %68 = tile.trans %64 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
      %69 = tile.dot %6, %68, %cst_6 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<128x64xf32, #mma>
      %70 = tile.splat %arg6 : i32 -> tensor<64xi32, #cols>
      %71 = arith.addi %70, %5 : tensor<64xi32, #cols>
      %72 = tile.expand_dims %71 axis 0 : tensor<64xi32, #cols> -> tensor<1x64xi32, #cols>
      %73 = tile.splat %0 : i32 -> tensor<1x64xi32, #cols>
      %74 = arith.cmpi slt, %72, %73 : tensor<1x64xi32, #cols>
      %75 = tile.broadcast %74 : tensor<1x64xi1, #cols> -> tensor<128x64xi1, #mma>
      %76 = tilegpu.dot_wait %69 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
      %77 = arith.select %75, %76, %cst_2 : tensor<128x64xi1, #mma>, tensor<128x64xf32, #mma>
      %78 = arith.cmpf oge, %4, %cst_3 : f32
      %79 = scf.if %78 -> (tensor<128xf32, #rows>) {
        %104 = tile.reduce max %77 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
        scf.yield %104 : tensor<128xf32, #rows>
      } else {
        %104 = tile.reduce min %77 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
        scf.yield %104 : tensor<128xf32, #rows>
      }
      %80 = tile.splat %4 : f32 -> tensor<128xf32, #rows>
      %81 = arith.mulf %79, %80 : tensor<128xf32, #rows>
      %82 = tile.splat %4 : f32 -> tensor<128x64xf32, #mma>
      %83 = arith.mulf %77, %82 : tensor<128x64xf32, #mma>
      %84 = arith.maximumf %arg7, %81 : tensor<128xf32, #rows>
      %85 = arith.cmpf oeq, %84, %cst_13 : tensor<128xf32, #rows>
      %86 = arith.select %85, %cst_7, %84 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
      %87 = tile.expand_dims %86 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
      %88 = tile.broadcast %87 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
      %89 = arith.subf %83, %88 : tensor<128x64xf32, #mma>
      %90 = math.exp2 %89 : tensor<128x64xf32, #mma>
      %91 = arith.subf %arg7, %86 : tensor<128xf32, #rows>
      %92 = math.exp2 %91 : tensor<128xf32, #rows>
      %93 = tile.reduce sum %90 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
      %94 = arith.mulf %92, %arg8 : tensor<128xf32, #rows>
      %95 = arith.addf %94, %93 : tensor<128xf32, #rows>
      %96 = tile.expand_dims %92 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
      %97 = tile.broadcast %96 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
      %98 = arith.mulf %arg9, %97 : tensor<128x64xf32, #mma>
      %99 = arith.truncf %90 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
      %c2_i32_22 = arith.constant 2 : i32
      %100 = arith.divsi %57, %c2_i32_22 : i32
      %c2_i32_23 = arith.constant 2 : i32
      %101 = arith.remsi %100, %c2_i32_23 : i32
      tilegpu.stage_wait stage %58 phase %101 {buffer = 3 : i64, tilegpu.barrier_offset = 49200 : i64}
      %102 = tile.dot %99, %65, %98 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #mma>, tensor<64x64xf16, #shared> -> tensor<128x64xf32, #mma>
      %103 = tilegpu.dot_wait %102 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
      scf.yield %84, %95, %103 : tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>
    }
    tilegpu.async_wait 0
    tilegpu.ring_inval {buffer = 2 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49184 : i64}
    tilegpu.ring_inval {buffer = 3 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49200 : i64}
    %18 = arith.cmpf oeq, %17#1, %cst_10 : tensor<128xf32, #rows>
    %19 = arith.select %18, %cst_0, %17#1 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
    %20 = arith.divf %cst_1, %19 : tensor<128xf32, #rows>
    %21 = tile.expand_dims %20 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
    %22 = tile.broadcast %21 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
    %23 = arith.mulf %17#2, %22 : tensor<128x64xf32, #mma>
    %24 = arith.truncf %23 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
    %25 = arith.extsi %3 : i32 to i64
    %26 = tile.dim %arg4, 0 : !tile.view<f16, 3>
    %27 = arith.extsi %26 : i32 to i64
    %28 = arith.addi %25, %c1_i64 : i64
    %29 = arith.cmpi sge, %25, %c0_i64 : i64
    %30 = arith.cmpi sle, %28, %27 : i64
    %31 = arith.andi %29, %30 : i1
    %32 = arith.extsi %2 : i32 to i64
    %33 = tile.dim %arg4, 1 : !tile.view<f16, 3>
    %34 = arith.extsi %33 : i32 to i64
    %35 = arith.addi %32, %c128_i64 : i64
    %36 = arith.cmpi sge, %32, %c0_i64 : i64
    %37 = arith.cmpi sle, %35, %34 : i64
    %38 = arith.andi %36, %37 : i1
    %39 = arith.andi %31, %38 : i1
    %40 = tile.dim %arg4, 2 : !tile.view<f16, 3>
    %41 = arith.extsi %40 : i32 to i64
    %42 = arith.cmpi sge, %41, %c64_i64 : i64
    %43 = arith.andi %39, %42 : i1
    scf.if %43 {
      tile.store %24, %arg4[%3, %2, %c0_i32] {in_bounds = array<i1: true, true, true>} : tensor<128x64xf16, #mma> -> !tile.view<f16, 3>
    } else {
      tile.store %24, %arg4[%3, %2, %c0_i32] : tensor<128x64xf16, #mma> -> !tile.view<f16, 3>
    }
    %44 = math.log2 %17#1 : tensor<128xf32, #rows>
    %45 = arith.addf %17#0, %44 : tensor<128xf32, #rows>
    %46 = arith.mulf %45, %cst : tensor<128xf32, #rows>
    %47 = tile.dim %arg5, 0 : !tile.view<f32, 2>
    %48 = arith.extsi %47 : i32 to i64
    %49 = arith.cmpi sle, %28, %48 : i64
    %50 = arith.andi %29, %49 : i1
    %51 = tile.dim %arg5, 1 : !tile.view<f32, 2>
    %52 = arith.extsi %51 : i32 to i64
    %53 = arith.cmpi sle, %35, %52 : i64
    %54 = arith.andi %36, %53 : i1
    %55 = arith.andi %50, %54 : i1
    scf.if %55 {
      tile.store %46, %arg5[%3, %2] {in_bounds = array<i1: true, true>} : tensor<128xf32, #rows> -> !tile.view<f32, 2>
    } else {
      tile.store %46, %arg5[%3, %2] : tensor<128xf32, #rows> -> !tile.view<f32, 2>
    }
    return
  }
}

