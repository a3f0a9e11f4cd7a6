#map = affine_map<()[s0, s1, s2, s3] -> (s2 ceildiv 128, s1, s0)>
#mma = #tilegpu.mma<warpsM = 8, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
#shared_t = #tilegpu.shared<transposed = true, swizzle = 128>
#cols = #tilegpu.slice<dim = 0, parent = #mma>
#rows = #tilegpu.slice<dim = 1, parent = #mma>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @fa2_bnhd(%arg0: !tile.view<f16, 4> {tile.name = "Q", tile.role = "input", tile.shape = ["B", "H", "N", 64]}, %arg1: !tile.view<f16, 4> {tile.name = "K", tile.role = "input", tile.shape = ["B", "HK", "N", 64]}, %arg2: !tile.view<f16, 4> {tile.name = "V", tile.role = "input", tile.shape = ["B", "HK", "N", 64]}, %arg3: !tile.view<f32, 1> {tile.name = "Slopes", tile.role = "input", tile.shape = ["H"]}, %arg4: f32 {tile.name = "sm_scale"}, %arg5: !tile.view<f16, 4> {tile.name = "Out", tile.role = "output", tile.shape = ["B", "H", "N", 64]}, %arg6: !tile.view<f32, 3> {tile.name = "Lse", tile.role = "output", tile.shape = ["B", "H", "N"]}) attributes {tile.constants = {ALIBI = false, BLOCK_M = 128 : i64, BLOCK_N = 64 : i64, CAUSAL = false, DTYPE = f16, HEAD_DIM = 64 : i64, NUM_STAGES = 2 : i64, NUM_WARPS = 8 : i64, OVERLAP_DOTS = false, PERSISTENT = false, PING_PONG = false, WARP_SPECIALIZE = false, WINDOW_LEFT = -1 : i64, WINDOW_RIGHT = -1 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 8 : i32, tile.overlap_dots = false, tile.persistent = false, tile.ping_pong = false, tile.sizes = ["B", "H", "N", "HK"], tile.warp_specialize = false, tilegpu.shared_bytes = 49216 : i64} {
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
    %0 = tile.dim %arg0, 1 : !tile.view<f16, 4>
    %1 = tile.dim %arg1, 1 : !tile.view<f16, 4>
    %2 = tile.dim %arg0, 2 : !tile.view<f16, 4>
    %3 = tile.program_id 0
    %4 = arith.muli %3, %c128_i32 : i32
    %5 = tile.program_id 1
    %6 = arith.divsi %0, %1 : i32
    %7 = arith.divsi %5, %6 : i32
    %8 = tile.program_id 2
    %9 = arith.mulf %arg4, %cst_14 : f32
    %10 = tile.iota : tensor<64xi32, #cols>
    %11 = tile.load %arg0[%8, %5, %4, %c0_i32] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 4> -> tensor<128x64xf16, #shared>
    %12 = arith.divsi %2, %c64_i32 : i32
    %13 = arith.muli %12, %c64_i32 : i32
    %14 = arith.maxsi %13, %c0_i32 : i32
    tilegpu.ring_init {buffer = 0 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49152 : i64}
    tilegpu.ring_init {buffer = 1 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49168 : i64}
    %c0_i32_15 = arith.constant 0 : i32
    %15 = arith.muli %c64_i32, %c0_i32_15 : i32
    %16 = arith.addi %c0_i32, %15 : i32
    %c0_i32_16 = arith.constant 0 : i32
    %17 = arith.cmpi slt, %16, %14 : i32
    tilegpu.async_load %arg1[%8, %7, %16, %c0_i32] stage %c0_i32_16 if %17 {buffer = 0 : i64, tilegpu.barrier_offset = 49152 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 4> -> tensor<64x64xf16, #shared>
    tilegpu.async_load %arg2[%8, %7, %16, %c0_i32] stage %c0_i32_16 if %17 {buffer = 1 : i64, tilegpu.barrier_offset = 49168 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 4> -> tensor<64x64xf16, #shared>
    tilegpu.async_commit
    %18:3 = scf.for %arg7 = %c0_i32 to %14 step %c64_i32 iter_args(%arg8 = %cst_12, %arg9 = %cst_9, %arg10 = %cst_5) -> (tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>)  : i32 {
      %74 = arith.subi %arg7, %c0_i32 : i32
      %75 = arith.divsi %74, %c64_i32 : i32
      %c2_i32 = arith.constant 2 : i32
      %76 = arith.remsi %75, %c2_i32 : i32
      tilegpu.async_wait 0
      %c1_i32 = arith.constant 1 : i32
      %77 = arith.muli %c64_i32, %c1_i32 : i32
      %78 = arith.addi %arg7, %77 : i32
      %79 = arith.addi %75, %c1_i32 : i32
      %80 = arith.cmpi slt, %78, %14 : i32
      %c2_i32_19 = arith.constant 2 : i32
      %81 = arith.remsi %79, %c2_i32_19 : i32
      tilegpu.async_load %arg1[%8, %7, %78, %c0_i32] stage %81 if %80 {buffer = 0 : i64, tilegpu.barrier_offset = 49152 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 4> -> tensor<64x64xf16, #shared>
      tilegpu.async_load %arg2[%8, %7, %78, %c0_i32] stage %81 if %80 {buffer = 1 : i64, tilegpu.barrier_offset = 49168 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 4> -> tensor<64x64xf16, #shared>
      tilegpu.async_commit
      %82 = tilegpu.stage_view stage %76 {buffer = 0 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %83 = tilegpu.stage_view stage %76 {buffer = 1 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %c2_i32_20 = arith.constant 2 : i32
      %84 = arith.divsi %75, %c2_i32_20 : i32
      %c2_i32_21 = arith.constant 2 : i32
      %85 = arith.remsi %84, %c2_i32_21 : i32
      tilegpu.stage_wait stage %76 phase %85 {buffer = 0 : i64, tilegpu.barrier_offset = 49152 : i64}
      %86 = tile.trans %82 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
      %87 = tile.dot %11, %86, %cst_4 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<128x64xf32, #mma>
      %88 = arith.cmpf oge, %9, %cst_3 : f32
      %89 = tilegpu.dot_wait %87 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
      %90 = scf.if %88 -> (tensor<128xf32, #rows>) {
        %115 = tile.reduce max %89 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
        scf.yield %115 : tensor<128xf32, #rows>
      } else {
        %115 = tile.reduce min %89 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
        scf.yield %115 : tensor<128xf32, #rows>
      }
      %91 = tile.splat %9 : f32 -> tensor<128xf32, #rows>
      %92 = arith.mulf %90, %91 : tensor<128xf32, #rows>
      %93 = tile.splat %9 : f32 -> tensor<128x64xf32, #mma>
      %94 = arith.mulf %89, %93 : tensor<128x64xf32, #mma>
      %95 = arith.maximumf %arg8, %92 : tensor<128xf32, #rows>
      %96 = arith.cmpf oeq, %95, %cst_11 : tensor<128xf32, #rows>
      %97 = arith.select %96, %cst_8, %95 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
      %98 = tile.expand_dims %97 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
      %99 = tile.broadcast %98 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
      %100 = arith.subf %94, %99 : tensor<128x64xf32, #mma>
      %101 = math.exp2 %100 : tensor<128x64xf32, #mma>
      %102 = arith.subf %arg8, %97 : tensor<128xf32, #rows>
      %103 = math.exp2 %102 : tensor<128xf32, #rows>
      %104 = tile.reduce sum %101 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
      %105 = arith.mulf %103, %arg9 : tensor<128xf32, #rows>
      %106 = arith.addf %105, %104 : tensor<128xf32, #rows>
      %107 = tile.expand_dims %103 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
      %108 = tile.broadcast %107 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
      %109 = arith.mulf %arg10, %108 : tensor<128x64xf32, #mma>
      %110 = arith.truncf %101 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
      %c2_i32_22 = arith.constant 2 : i32
      %111 = arith.divsi %75, %c2_i32_22 : i32
      %c2_i32_23 = arith.constant 2 : i32
      %112 = arith.remsi %111, %c2_i32_23 : i32
      tilegpu.stage_wait stage %76 phase %112 {buffer = 1 : i64, tilegpu.barrier_offset = 49168 : i64}
      %113 = tile.dot %110, %83, %109 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #mma>, tensor<64x64xf16, #shared> -> tensor<128x64xf32, #mma>
      %114 = tilegpu.dot_wait %113 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
      scf.yield %95, %106, %114 : tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>
    }
    tilegpu.async_wait 0
    tilegpu.ring_inval {buffer = 0 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49152 : i64}
    tilegpu.ring_inval {buffer = 1 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49168 : i64}
    tilegpu.ring_init {buffer = 2 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49184 : i64}
    tilegpu.ring_init {buffer = 3 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49200 : i64}
    %c0_i32_17 = arith.constant 0 : i32
    %19 = arith.muli %c64_i32, %c0_i32_17 : i32
    %20 = arith.addi %14, %19 : i32
    %c0_i32_18 = arith.constant 0 : i32
    %21 = arith.cmpi slt, %20, %2 : i32
    tilegpu.async_load %arg1[%8, %7, %20, %c0_i32] stage %c0_i32_18 if %21 {buffer = 2 : i64, tilegpu.barrier_offset = 49184 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 4> -> tensor<64x64xf16, #shared>
    tilegpu.async_load %arg2[%8, %7, %20, %c0_i32] stage %c0_i32_18 if %21 {buffer = 3 : i64, tilegpu.barrier_offset = 49200 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 4> -> tensor<64x64xf16, #shared>
    tilegpu.async_commit
    %22:3 = scf.for %arg7 = %14 to %2 step %c64_i32 iter_args(%arg8 = %18#0, %arg9 = %18#1, %arg10 = %18#2) -> (tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>)  : i32 {
      %74 = arith.subi %arg7, %14 : i32
      %75 = arith.divsi %74, %c64_i32 : i32
      %c2_i32 = arith.constant 2 : i32
      %76 = arith.remsi %75, %c2_i32 : i32
      tilegpu.async_wait 0
      %c1_i32 = arith.constant 1 : i32
      %77 = arith.muli %c64_i32, %c1_i32 : i32
      %78 = arith.addi %arg7, %77 : i32
      %79 = arith.addi %75, %c1_i32 : i32
      %80 = arith.cmpi slt, %78, %2 : i32
      %c2_i32_19 = arith.constant 2 : i32
      %81 = arith.remsi %79, %c2_i32_19 : i32
      tilegpu.async_load %arg1[%8, %7, %78, %c0_i32] stage %81 if %80 {buffer = 2 : i64, tilegpu.barrier_offset = 49184 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 4> -> tensor<64x64xf16, #shared>
      tilegpu.async_load %arg2[%8, %7, %78, %c0_i32] stage %81 if %80 {buffer = 3 : i64, tilegpu.barrier_offset = 49200 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 4> -> tensor<64x64xf16, #shared>
      tilegpu.async_commit
      %82 = tilegpu.stage_view stage %76 {buffer = 2 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %83 = tilegpu.stage_view stage %76 {buffer = 3 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %c2_i32_20 = arith.constant 2 : i32
      %84 = arith.divsi %75, %c2_i32_20 : i32
      %c2_i32_21 = arith.constant 2 : i32
      %85 = arith.remsi %84, %c2_i32_21 : i32
      tilegpu.stage_wait stage %76 phase %85 {buffer = 2 : i64, tilegpu.barrier_offset = 49184 : i64}
      %86 = tile.trans %82 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
      %87 = tile.dot %11, %86, %cst_6 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<128x64xf32, #mma>
      %88 = tile.splat %arg7 : i32 -> tensor<64xi32, #cols>
      %89 = arith.addi %88, %10 : tensor<64xi32, #cols>
      %90 = tile.expand_dims %89 axis 0 : tensor<64xi32, #cols> -> tensor<1x64xi32, #cols>
      %91 = tile.splat %2 : i32 -> tensor<1x64xi32, #cols>
      %92 = arith.cmpi slt, %90, %91 : tensor<1x64xi32, #cols>
      %93 = tile.broadcast %92 : tensor<1x64xi1, #cols> -> tensor<128x64xi1, #mma>
      %94 = tilegpu.dot_wait %87 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
      %95 = arith.select %93, %94, %cst_2 : tensor<128x64xi1, #mma>, tensor<128x64xf32, #mma>
      %96 = arith.cmpf oge, %9, %cst_3 : f32
      %97 = scf.if %96 -> (tensor<128xf32, #rows>) {
        %122 = tile.reduce max %95 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
        scf.yield %122 : tensor<128xf32, #rows>
      } else {
        %122 = tile.reduce min %95 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
        scf.yield %122 : tensor<128xf32, #rows>
      }
      %98 = tile.splat %9 : f32 -> tensor<128xf32, #rows>
      %99 = arith.mulf %97, %98 : tensor<128xf32, #rows>
      %100 = tile.splat %9 : f32 -> tensor<128x64xf32, #mma>
      %101 = arith.mulf %95, %100 : tensor<128x64xf32, #mma>
      %102 = arith.maximumf %arg8, %99 : tensor<128xf32, #rows>
      %103 = arith.cmpf oeq, %102, %cst_13 : tensor<128xf32, #rows>
      %104 = arith.select %103, %cst_7, %102 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
      %105 = tile.expand_dims %104 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
      %106 = tile.broadcast %105 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
      %107 = arith.subf %101, %106 : tensor<128x64xf32, #mma>
      %108 = math.exp2 %107 : tensor<128x64xf32, #mma>
      %109 = arith.subf %arg8, %104 : tensor<128xf32, #rows>
      %110 = math.exp2 %109 : tensor<128xf32, #rows>
      %111 = tile.reduce sum %108 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
      %112 = arith.mulf %110, %arg9 : tensor<128xf32, #rows>
      %113 = arith.addf %112, %111 : tensor<128xf32, #rows>
      %114 = tile.expand_dims %110 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
      %115 = tile.broadcast %114 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
      %116 = arith.mulf %arg10, %115 : tensor<128x64xf32, #mma>
      %117 = arith.truncf %108 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
      %c2_i32_22 = arith.constant 2 : i32
      %118 = arith.divsi %75, %c2_i32_22 : i32
      %c2_i32_23 = arith.constant 2 : i32
      %119 = arith.remsi %118, %c2_i32_23 : i32
      tilegpu.stage_wait stage %76 phase %119 {buffer = 3 : i64, tilegpu.barrier_offset = 49200 : i64}
      %120 = tile.dot %117, %83, %116 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #mma>, tensor<64x64xf16, #shared> -> tensor<128x64xf32, #mma>
      %121 = tilegpu.dot_wait %120 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
      scf.yield %102, %113, %121 : tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>
    }
    tilegpu.async_wait 0
    tilegpu.ring_inval {buffer = 2 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49184 : i64}
    tilegpu.ring_inval {buffer = 3 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49200 : i64}
    %23 = arith.cmpf oeq, %22#1, %cst_10 : tensor<128xf32, #rows>
    %24 = arith.select %23, %cst_0, %22#1 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
    %25 = arith.divf %cst_1, %24 : tensor<128xf32, #rows>
    %26 = tile.expand_dims %25 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
    %27 = tile.broadcast %26 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
    %28 = arith.mulf %22#2, %27 : tensor<128x64xf32, #mma>
    %29 = arith.truncf %28 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
    %30 = arith.extsi %8 : i32 to i64
    %31 = tile.dim %arg5, 0 : !tile.view<f16, 4>
    %32 = arith.extsi %31 : i32 to i64
    %33 = arith.addi %30, %c1_i64 : i64
    %34 = arith.cmpi sge, %30, %c0_i64 : i64
    %35 = arith.cmpi sle, %33, %32 : i64
    %36 = arith.andi %34, %35 : i1
    %37 = arith.extsi %5 : i32 to i64
    %38 = tile.dim %arg5, 1 : !tile.view<f16, 4>
    %39 = arith.extsi %38 : i32 to i64
    %40 = arith.addi %37, %c1_i64 : i64
    %41 = arith.cmpi sge, %37, %c0_i64 : i64
    %42 = arith.cmpi sle, %40, %39 : i64
    %43 = arith.andi %41, %42 : i1
    %44 = arith.andi %36, %43 : i1
    %45 = arith.extsi %4 : i32 to i64
    %46 = tile.dim %arg5, 2 : !tile.view<f16, 4>
    %47 = arith.extsi %46 : i32 to i64
    %48 = arith.addi %45, %c128_i64 : i64
    %49 = arith.cmpi sge, %45, %c0_i64 : i64
    %50 = arith.cmpi sle, %48, %47 : i64
    %51 = arith.andi %49, %50 : i1
    %52 = arith.andi %44, %51 : i1
    %53 = tile.dim %arg5, 3 : !tile.view<f16, 4>
    %54 = arith.extsi %53 : i32 to i64
    %55 = arith.cmpi sge, %54, %c64_i64 : i64
    %56 = arith.andi %52, %55 : i1
    scf.if %56 {
      tile.store %29, %arg5[%8, %5, %4, %c0_i32] {in_bounds = array<i1: true, true, true, true>} : tensor<128x64xf16, #mma> -> !tile.view<f16, 4>
    } else {
      tile.store %29, %arg5[%8, %5, %4, %c0_i32] : tensor<128x64xf16, #mma> -> !tile.view<f16, 4>
    }
    %57 = math.log2 %22#1 : tensor<128xf32, #rows>
    %58 = arith.addf %22#0, %57 : tensor<128xf32, #rows>
    %59 = arith.mulf %58, %cst : tensor<128xf32, #rows>
    %60 = tile.dim %arg6, 0 : !tile.view<f32, 3>
    %61 = arith.extsi %60 : i32 to i64
    %62 = arith.cmpi sle, %33, %61 : i64
    %63 = arith.andi %34, %62 : i1
    %64 = tile.dim %arg6, 1 : !tile.view<f32, 3>
    %65 = arith.extsi %64 : i32 to i64
    %66 = arith.cmpi sle, %40, %65 : i64
    %67 = arith.andi %41, %66 : i1
    %68 = arith.andi %63, %67 : i1
    %69 = tile.dim %arg6, 2 : !tile.view<f32, 3>
    %70 = arith.extsi %69 : i32 to i64
    %71 = arith.cmpi sle, %48, %70 : i64
    %72 = arith.andi %49, %71 : i1
    %73 = arith.andi %68, %72 : i1
    scf.if %73 {
      tile.store %59, %arg6[%8, %5, %4] {in_bounds = array<i1: true, true, true>} : tensor<128xf32, #rows> -> !tile.view<f32, 3>
    } else {
      tile.store %59, %arg6[%8, %5, %4] : tensor<128xf32, #rows> -> !tile.view<f32, 3>
    }
    return
  }
}

