#map = affine_map<()[s0, s1] -> (s1 ceildiv 128, s0)>
#mma = #tilegpu.mma<warpsM = 8, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
#shared_t = #tilegpu.shared<transposed = true, swizzle = 128>
#cols = #tilegpu.slice<dim = 0, parent = #mma>
#rows = #tilegpu.slice<dim = 1, parent = #mma>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @fa2(%arg0: !tile.view<f16, 3> {tile.name = "Q", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg1: !tile.view<f16, 3> {tile.name = "K", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg2: !tile.view<f16, 3> {tile.name = "V", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg3: f32 {tile.name = "sm_scale"}, %arg4: !tile.view<f16, 3> {tile.name = "Out", tile.role = "output", tile.shape = ["BH", "N", 64]}, %arg5: !tile.view<f32, 2> {tile.name = "Lse", tile.role = "output", tile.shape = ["BH", "N"]}) attributes {tile.constants = {BLOCK_M = 128 : i64, BLOCK_N = 64 : i64, CAUSAL = false, DTYPE = f16, HEAD_DIM = 64 : i64, NUM_STAGES = 2 : i64, NUM_WARPS = 8 : i64, OVERLAP_DOTS = false, PERSISTENT = true, PING_PONG = false, WARP_SPECIALIZE = false, WINDOW_LEFT = -1 : i64, WINDOW_RIGHT = -1 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 8 : i32, tile.overlap_dots = false, tile.persistent = true, tile.ping_pong = false, tile.sizes = ["BH", "N"], tile.warp_specialize = false, tilegpu.persistent, tilegpu.shared_bytes = 65632 : i64} {
    tilegpu.ring_init {arrivals = 8 : i64, buffer = 0 : i64, stages = 2 : i64, tilegpu.barrier_offset = 65568 : i64}
    tilegpu.ring_init {arrivals = 8 : i64, buffer = 1 : i64, stages = 2 : i64, tilegpu.barrier_offset = 65600 : i64}
    tilegpu.ring_init {arrivals = 8 : i64, buffer = 2 : i64, stages = 2 : i64, tilegpu.barrier_offset = 65536 : i64}
    tilegpu.warp_specialize {consumer_registers = 240 : i64, producer_registers = 24 : i64, producer_warps = 4 : i64} producer {
      %c0_i32 = arith.constant 0 : i32
      %0 = tile.dim %arg0, 1 : !tile.view<f16, 3>
      %c128_i32 = arith.constant 128 : i32
      %1 = arith.ceildivsi %0, %c128_i32 : i32
      %2 = tile.dim %arg0, 0 : !tile.view<f16, 3>
      %3 = arith.muli %1, %2 : i32
      %4 = tile.num_programs 0
      %c2_i32 = arith.constant 2 : i32
      %5 = arith.muli %4, %c2_i32 : i32
      %6 = arith.divsi %3, %5 : i32
      %7 = arith.muli %6, %c2_i32 : i32
      %8 = arith.remsi %3, %5 : i32
      %9 = tile.program_id 0
      %10 = arith.muli %9, %c2_i32 : i32
      %11 = arith.subi %8, %10 : i32
      %12 = arith.maxsi %11, %c0_i32 : i32
      %13 = arith.minsi %12, %c2_i32 : i32
      %14 = arith.addi %7, %13 : i32
      %c1_i32 = arith.constant 1 : i32
      %c0_i32_0 = arith.constant 0 : i32
      %15:2 = scf.for %arg6 = %c0_i32 to %14 step %c1_i32 iter_args(%arg7 = %c0_i32_0, %arg8 = %c0_i32_0) -> (i32, i32)  : i32 {
        %16 = arith.subi %arg6, %c0_i32 : i32
        %17 = arith.divsi %16, %c1_i32 : i32
        %c2_i32_1 = arith.constant 2 : i32
        %18 = arith.remsi %17, %c2_i32_1 : i32
        %19 = arith.divsi %17, %c2_i32_1 : i32
        %c1_i32_2 = arith.constant 1 : i32
        %20 = arith.addi %19, %c1_i32_2 : i32
        %c2_i32_3 = arith.constant 2 : i32
        %21 = arith.remsi %20, %c2_i32_3 : i32
        %22 = arith.divsi %arg6, %c2_i32 : i32
        %23 = arith.muli %22, %5 : i32
        %24 = arith.addi %23, %10 : i32
        %25 = arith.remsi %arg6, %c2_i32 : i32
        %26 = arith.addi %24, %25 : i32
        %27 = arith.divsi %26, %1 : i32
        %28 = arith.remsi %26, %1 : i32
        %29 = arith.remsi %28, %c2_i32 : i32
        %30 = arith.cmpi ne, %29, %c0_i32 : i32
        %31 = arith.subi %1, %c1_i32 : i32
        %32 = arith.divsi %28, %c2_i32 : i32
        %33 = arith.subi %31, %32 : i32
        %34 = arith.select %30, %33, %32 : i32
        %35 = arith.muli %34, %c128_i32 : i32
        %true = arith.constant true
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        scf.for %arg9 = %c0 to %c1 step %c1 {
          tilegpu.stage_acquire stage %18 phase %21 {buffer = 2 : i64, tilegpu.barrier_offset = 65552 : i64}
          tilegpu.async_load %arg0[%27, %35, %c0_i32] stage %18 if %true {buffer = 2 : i64, tilegpu.barrier_offset = 65536 : i64, tilegpu.shared_offset = 0 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 3> -> tensor<128x64xf16, #shared>
        } {tilegpu.producer}
        %c64_i32 = arith.constant 64 : i32
        %36 = arith.divsi %0, %c64_i32 : i32
        %37 = arith.muli %36, %c64_i32 : i32
        %38 = arith.maxsi %37, %c0_i32 : i32
        scf.for %arg9 = %c0_i32 to %38 step %c64_i32  : i32 {
          %49 = arith.subi %arg9, %c0_i32 : i32
          %50 = arith.divsi %49, %c64_i32 : i32
          %true_6 = arith.constant true
          %51 = arith.addi %arg7, %50 : i32
          %c2_i32_7 = arith.constant 2 : i32
          %52 = arith.remsi %51, %c2_i32_7 : i32
          %c2_i32_8 = arith.constant 2 : i32
          %53 = arith.divsi %51, %c2_i32_8 : i32
          %c1_i32_9 = arith.constant 1 : i32
          %54 = arith.addi %53, %c1_i32_9 : i32
          %c2_i32_10 = arith.constant 2 : i32
          %55 = arith.remsi %54, %c2_i32_10 : i32
          tilegpu.stage_acquire stage %52 phase %55 {buffer = 0 : i64, tilegpu.barrier_offset = 65584 : i64}
          tilegpu.async_load %arg1[%27, %arg9, %c0_i32] stage %52 if %true_6 {buffer = 0 : i64, tilegpu.barrier_offset = 65568 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
          %56 = arith.addi %arg8, %50 : i32
          %c2_i32_11 = arith.constant 2 : i32
          %57 = arith.remsi %56, %c2_i32_11 : i32
          %c2_i32_12 = arith.constant 2 : i32
          %58 = arith.divsi %56, %c2_i32_12 : i32
          %c1_i32_13 = arith.constant 1 : i32
          %59 = arith.addi %58, %c1_i32_13 : i32
          %c2_i32_14 = arith.constant 2 : i32
          %60 = arith.remsi %59, %c2_i32_14 : i32
          tilegpu.stage_acquire stage %57 phase %60 {buffer = 1 : i64, tilegpu.barrier_offset = 65616 : i64}
          tilegpu.async_load %arg2[%27, %arg9, %c0_i32] stage %57 if %true_6 {buffer = 1 : i64, tilegpu.barrier_offset = 65600 : i64, tilegpu.shared_offset = 49152 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
        } {tilegpu.producer}
        %39 = arith.subi %38, %c0_i32 : i32
        %c0_i32_4 = arith.constant 0 : i32
        %40 = arith.maxsi %39, %c0_i32_4 : i32
        %41 = arith.ceildivsi %40, %c64_i32 : i32
        %42 = arith.addi %arg7, %41 : i32
        %43 = arith.addi %arg8, %41 : i32
        scf.for %arg9 = %38 to %0 step %c64_i32  : i32 {
          %49 = arith.subi %arg9, %38 : i32
          %50 = arith.divsi %49, %c64_i32 : i32
          %true_6 = arith.constant true
          %51 = arith.addi %42, %50 : i32
          %c2_i32_7 = arith.constant 2 : i32
          %52 = arith.remsi %51, %c2_i32_7 : i32
          %c2_i32_8 = arith.constant 2 : i32
          %53 = arith.divsi %51, %c2_i32_8 : i32
          %c1_i32_9 = arith.constant 1 : i32
          %54 = arith.addi %53, %c1_i32_9 : i32
          %c2_i32_10 = arith.constant 2 : i32
          %55 = arith.remsi %54, %c2_i32_10 : i32
          tilegpu.stage_acquire stage %52 phase %55 {buffer = 0 : i64, tilegpu.barrier_offset = 65584 : i64}
          tilegpu.async_load %arg1[%27, %arg9, %c0_i32] stage %52 if %true_6 {buffer = 0 : i64, tilegpu.barrier_offset = 65568 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
          %56 = arith.addi %43, %50 : i32
          %c2_i32_11 = arith.constant 2 : i32
          %57 = arith.remsi %56, %c2_i32_11 : i32
          %c2_i32_12 = arith.constant 2 : i32
          %58 = arith.divsi %56, %c2_i32_12 : i32
          %c1_i32_13 = arith.constant 1 : i32
          %59 = arith.addi %58, %c1_i32_13 : i32
          %c2_i32_14 = arith.constant 2 : i32
          %60 = arith.remsi %59, %c2_i32_14 : i32
          tilegpu.stage_acquire stage %57 phase %60 {buffer = 1 : i64, tilegpu.barrier_offset = 65616 : i64}
          tilegpu.async_load %arg2[%27, %arg9, %c0_i32] stage %57 if %true_6 {buffer = 1 : i64, tilegpu.barrier_offset = 65600 : i64, tilegpu.shared_offset = 49152 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
        } {tilegpu.producer}
        %44 = arith.subi %0, %38 : i32
        %c0_i32_5 = arith.constant 0 : i32
        %45 = arith.maxsi %44, %c0_i32_5 : i32
        %46 = arith.ceildivsi %45, %c64_i32 : i32
        %47 = arith.addi %42, %46 : i32
        %48 = arith.addi %43, %46 : i32
        scf.yield %47, %48 : i32, i32
      } {tilegpu.persistent}
    } consumer {
      %c64_i64 = arith.constant 64 : i64
      %c128_i64 = arith.constant 128 : i64
      %c0_i64 = arith.constant 0 : i64
      %c1_i64 = arith.constant 1 : i64
      %cst = arith.constant 1.44269502 : f32
      %cst_0 = arith.constant dense<0xFF800000> : tensor<128xf32, #rows>
      %cst_1 = arith.constant dense<0xFF800000> : tensor<128xf32, #rows>
      %cst_2 = arith.constant dense<0xFF800000> : tensor<128xf32, #rows>
      %cst_3 = arith.constant dense<0.000000e+00> : tensor<128xf32, #rows>
      %cst_4 = arith.constant dense<0.000000e+00> : tensor<128xf32, #rows>
      %cst_5 = arith.constant dense<0.000000e+00> : tensor<128xf32, #rows>
      %cst_6 = arith.constant dense<0.000000e+00> : tensor<128xf32, #rows>
      %cst_7 = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
      %cst_8 = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
      %cst_9 = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
      %c64_i32 = arith.constant 64 : i32
      %cst_10 = arith.constant 0.000000e+00 : f32
      %cst_11 = arith.constant dense<0xFF800000> : tensor<128x64xf32, #mma>
      %cst_12 = arith.constant dense<1.000000e+00> : tensor<128xf32, #rows>
      %cst_13 = arith.constant dense<1.000000e+00> : tensor<128xf32, #rows>
      %cst_14 = arith.constant dense<0.693147182> : tensor<128xf32, #rows>
      %c1_i32 = arith.constant 1 : i32
      %c0_i32 = arith.constant 0 : i32
      %c2_i32 = arith.constant 2 : i32
      %c128_i32 = arith.constant 128 : i32
      %0 = tile.dim %arg0, 0 : !tile.view<f16, 3>
      %1 = tile.dim %arg0, 1 : !tile.view<f16, 3>
      %2 = arith.ceildivsi %1, %c128_i32 : i32
      %3 = arith.muli %2, %0 : i32
      %4 = tile.program_id 0
      %5 = tile.num_programs 0
      %6 = arith.muli %5, %c2_i32 : i32
      %7 = arith.divsi %3, %6 : i32
      %8 = arith.remsi %3, %6 : i32
      %9 = arith.muli %4, %c2_i32 : i32
      %10 = arith.subi %8, %9 : i32
      %11 = arith.maxsi %10, %c0_i32 : i32
      %12 = arith.minsi %11, %c2_i32 : i32
      %13 = arith.muli %7, %c2_i32 : i32
      %14 = arith.addi %13, %12 : i32
      %c0_i32_15 = arith.constant 0 : i32
      %15:2 = scf.for %arg6 = %c0_i32 to %14 step %c1_i32 iter_args(%arg7 = %c0_i32_15, %arg8 = %c0_i32_15) -> (i32, i32)  : i32 {
        %16 = arith.subi %arg6, %c0_i32 : i32
        %17 = arith.divsi %16, %c1_i32 : i32
        %c2_i32_16 = arith.constant 2 : i32
        %18 = arith.divsi %17, %c2_i32_16 : i32
        %19 = arith.remsi %17, %c2_i32_16 : i32
        %c2_i32_17 = arith.constant 2 : i32
        %20 = arith.remsi %18, %c2_i32_17 : i32
        %c1_i32_18 = arith.constant 1 : i32
        %21 = arith.addi %18, %c1_i32_18 : i32
        %22 = arith.remsi %21, %c2_i32_17 : i32
        %c1 = arith.constant 1 : index
        %c0 = arith.constant 0 : index
        %true = arith.constant true
        %23 = arith.divsi %arg6, %c2_i32 : i32
        %24 = arith.muli %23, %6 : i32
        %25 = arith.addi %24, %9 : i32
        %26 = arith.remsi %arg6, %c2_i32 : i32
        %27 = arith.addi %25, %26 : i32
        %28 = arith.remsi %27, %2 : i32
        %29 = arith.divsi %28, %c2_i32 : i32
        %30 = arith.remsi %28, %c2_i32 : i32
        %31 = arith.cmpi ne, %30, %c0_i32 : i32
        %32 = arith.subi %2, %c1_i32 : i32
        %33 = arith.subi %32, %29 : i32
        %34 = arith.select %31, %33, %29 : i32
        %35 = arith.divsi %27, %2 : i32
        %36 = arith.muli %34, %c128_i32 : i32
        %37 = arith.mulf %arg3, %cst : f32
        %38 = tile.iota : tensor<64xi32, #cols>
        %39 = tilegpu.stage_view stage %19 {buffer = 2 : i64, tilegpu.shared_offset = 0 : i64, tilegpu.stages = 2 : i64} : tensor<128x64xf16, #shared>
        %40 = arith.divsi %1, %c64_i32 : i32
        %41 = arith.muli %40, %c64_i32 : i32
        %42 = arith.maxsi %41, %c0_i32 : i32
        %43 = arith.subi %42, %c0_i32 : i32
        %c0_i32_19 = arith.constant 0 : i32
        %44 = arith.maxsi %43, %c0_i32_19 : i32
        %45 = arith.ceildivsi %44, %c64_i32 : i32
        %46 = arith.addi %arg7, %45 : i32
        %47 = arith.addi %arg8, %45 : i32
        tilegpu.stage_wait stage %19 phase %20 {buffer = 2 : i64, tilegpu.barrier_offset = 65536 : i64}
        %48:3 = scf.for %arg9 = %c0_i32 to %42 step %c64_i32 iter_args(%arg10 = %cst_1, %arg11 = %cst_5, %arg12 = %cst_8) -> (tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>)  : i32 {
          %93 = arith.subi %arg9, %c0_i32 : i32
          %94 = arith.divsi %93, %c64_i32 : i32
          %95 = arith.addi %arg7, %94 : i32
          %96 = arith.addi %arg8, %94 : i32
          %c2_i32_21 = arith.constant 2 : i32
          %97 = arith.remsi %95, %c2_i32_21 : i32
          %c2_i32_22 = arith.constant 2 : i32
          %98 = arith.remsi %96, %c2_i32_22 : i32
          %99 = tilegpu.stage_view stage %97 {buffer = 0 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
          %100 = tilegpu.stage_view stage %98 {buffer = 1 : i64, tilegpu.shared_offset = 49152 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
          %c2_i32_23 = arith.constant 2 : i32
          %101 = arith.divsi %95, %c2_i32_23 : i32
          %c2_i32_24 = arith.constant 2 : i32
          %102 = arith.remsi %101, %c2_i32_24 : i32
          tilegpu.stage_wait stage %97 phase %102 {buffer = 0 : i64, tilegpu.barrier_offset = 65568 : i64}
          %103 = tile.trans %99 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
          %104 = tile.dot %39, %103, %cst_7 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<128x64xf32, #mma>
          %105 = arith.cmpf oge, %37, %cst_10 : f32
          %106 = tilegpu.dot_wait %104 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
          %107 = scf.if %105 -> (tensor<128xf32, #rows>) {
            %132 = tile.reduce max %106 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
            scf.yield %132 : tensor<128xf32, #rows>
          } else {
            %132 = tile.reduce min %106 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
            scf.yield %132 : tensor<128xf32, #rows>
          }
          %108 = tile.splat %37 : f32 -> tensor<128xf32, #rows>
          %109 = arith.mulf %107, %108 : tensor<128xf32, #rows>
          %110 = tile.splat %37 : f32 -> tensor<128x64xf32, #mma>
          %111 = arith.mulf %106, %110 : tensor<128x64xf32, #mma>
          %112 = arith.maximumf %arg10, %109 : tensor<128xf32, #rows>
          %113 = arith.cmpf oeq, %112, %cst_0 : tensor<128xf32, #rows>
          %114 = arith.select %113, %cst_4, %112 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
          %115 = tile.expand_dims %114 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
          %116 = tile.broadcast %115 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
          %117 = arith.subf %111, %116 : tensor<128x64xf32, #mma>
          %118 = math.exp2 %117 : tensor<128x64xf32, #mma>
          %119 = arith.subf %arg10, %114 : tensor<128xf32, #rows>
          %120 = math.exp2 %119 : tensor<128xf32, #rows>
          %121 = tile.reduce sum %118 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
          %122 = arith.mulf %120, %arg11 : tensor<128xf32, #rows>
          %123 = arith.addf %122, %121 : tensor<128xf32, #rows>
          %124 = tile.expand_dims %120 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
          %125 = tile.broadcast %124 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
          %126 = arith.mulf %arg12, %125 : tensor<128x64xf32, #mma>
          %127 = arith.truncf %118 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
          %c2_i32_25 = arith.constant 2 : i32
          %128 = arith.divsi %96, %c2_i32_25 : i32
          %c2_i32_26 = arith.constant 2 : i32
          %129 = arith.remsi %128, %c2_i32_26 : i32
          tilegpu.stage_wait stage %98 phase %129 {buffer = 1 : i64, tilegpu.barrier_offset = 65600 : i64}
          %130 = tile.dot %127, %100, %126 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #mma>, tensor<64x64xf16, #shared> -> tensor<128x64xf32, #mma>
          %131 = tilegpu.dot_wait %130 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
          tilegpu.stage_release stage %97 {buffer = 0 : i64, tilegpu.barrier_offset = 65584 : i64}
          tilegpu.stage_release stage %98 {buffer = 1 : i64, tilegpu.barrier_offset = 65616 : i64}
          scf.yield %112, %123, %131 : tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>
        }
        %49 = arith.subi %1, %42 : i32
        %c0_i32_20 = arith.constant 0 : i32
        %50 = arith.maxsi %49, %c0_i32_20 : i32
        %51 = arith.ceildivsi %50, %c64_i32 : i32
        %52 = arith.addi %46, %51 : i32
        %53 = arith.addi %47, %51 : i32
        %54:3 = scf.for %arg9 = %42 to %1 step %c64_i32 iter_args(%arg10 = %48#0, %arg11 = %48#1, %arg12 = %48#2) -> (tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>)  : i32 {
          %93 = arith.subi %arg9, %42 : i32
          %94 = arith.divsi %93, %c64_i32 : i32
          %95 = arith.addi %46, %94 : i32
          %96 = arith.addi %47, %94 : i32
          %c2_i32_21 = arith.constant 2 : i32
          %97 = arith.remsi %95, %c2_i32_21 : i32
          %c2_i32_22 = arith.constant 2 : i32
          %98 = arith.remsi %96, %c2_i32_22 : i32
          %99 = tilegpu.stage_view stage %97 {buffer = 0 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
          %100 = tilegpu.stage_view stage %98 {buffer = 1 : i64, tilegpu.shared_offset = 49152 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
          %c2_i32_23 = arith.constant 2 : i32
          %101 = arith.divsi %95, %c2_i32_23 : i32
          %c2_i32_24 = arith.constant 2 : i32
          %102 = arith.remsi %101, %c2_i32_24 : i32
          tilegpu.stage_wait stage %97 phase %102 {buffer = 0 : i64, tilegpu.barrier_offset = 65568 : i64}
          %103 = tile.trans %99 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
          %104 = tile.dot %39, %103, %cst_9 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<128x64xf32, #mma>
          %105 = tile.splat %arg9 : i32 -> tensor<64xi32, #cols>
          %106 = arith.addi %105, %38 : tensor<64xi32, #cols>
          %107 = tile.expand_dims %106 axis 0 : tensor<64xi32, #cols> -> tensor<1x64xi32, #cols>
          %108 = tile.splat %1 : i32 -> tensor<1x64xi32, #cols>
          %109 = arith.cmpi slt, %107, %108 : tensor<1x64xi32, #cols>
          %110 = tile.broadcast %109 : tensor<1x64xi1, #cols> -> tensor<128x64xi1, #mma>
          %111 = tilegpu.dot_wait %104 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
          %112 = arith.select %110, %111, %cst_11 : tensor<128x64xi1, #mma>, tensor<128x64xf32, #mma>
          %113 = arith.cmpf oge, %37, %cst_10 : f32
          %114 = scf.if %113 -> (tensor<128xf32, #rows>) {
            %139 = tile.reduce max %112 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
            scf.yield %139 : tensor<128xf32, #rows>
          } else {
            %139 = tile.reduce min %112 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
            scf.yield %139 : tensor<128xf32, #rows>
          }
          %115 = tile.splat %37 : f32 -> tensor<128xf32, #rows>
          %116 = arith.mulf %114, %115 : tensor<128xf32, #rows>
          %117 = tile.splat %37 : f32 -> tensor<128x64xf32, #mma>
          %118 = arith.mulf %112, %117 : tensor<128x64xf32, #mma>
          %119 = arith.maximumf %arg10, %116 : tensor<128xf32, #rows>
          %120 = arith.cmpf oeq, %119, %cst_2 : tensor<128xf32, #rows>
          %121 = arith.select %120, %cst_3, %119 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
          %122 = tile.expand_dims %121 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
          %123 = tile.broadcast %122 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
          %124 = arith.subf %118, %123 : tensor<128x64xf32, #mma>
          %125 = math.exp2 %124 : tensor<128x64xf32, #mma>
          %126 = arith.subf %arg10, %121 : tensor<128xf32, #rows>
          %127 = math.exp2 %126 : tensor<128xf32, #rows>
          %128 = tile.reduce sum %125 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
          %129 = arith.mulf %127, %arg11 : tensor<128xf32, #rows>
          %130 = arith.addf %129, %128 : tensor<128xf32, #rows>
          %131 = tile.expand_dims %127 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
          %132 = tile.broadcast %131 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
          %133 = arith.mulf %arg12, %132 : tensor<128x64xf32, #mma>
          %134 = arith.truncf %125 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
          %c2_i32_25 = arith.constant 2 : i32
          %135 = arith.divsi %96, %c2_i32_25 : i32
          %c2_i32_26 = arith.constant 2 : i32
          %136 = arith.remsi %135, %c2_i32_26 : i32
          tilegpu.stage_wait stage %98 phase %136 {buffer = 1 : i64, tilegpu.barrier_offset = 65600 : i64}
          %137 = tile.dot %134, %100, %133 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #mma>, tensor<64x64xf16, #shared> -> tensor<128x64xf32, #mma>
          %138 = tilegpu.dot_wait %137 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
          tilegpu.stage_release stage %97 {buffer = 0 : i64, tilegpu.barrier_offset = 65584 : i64}
          tilegpu.stage_release stage %98 {buffer = 1 : i64, tilegpu.barrier_offset = 65616 : i64}
          scf.yield %119, %130, %138 : tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>
        }
        tilegpu.stage_release stage %19 {buffer = 2 : i64, tilegpu.barrier_offset = 65552 : i64}
        %55 = arith.cmpf oeq, %54#1, %cst_6 : tensor<128xf32, #rows>
        %56 = arith.select %55, %cst_12, %54#1 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
        %57 = arith.divf %cst_13, %56 : tensor<128xf32, #rows>
        %58 = tile.expand_dims %57 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
        %59 = tile.broadcast %58 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
        %60 = arith.mulf %54#2, %59 : tensor<128x64xf32, #mma>
        %61 = arith.truncf %60 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
        %62 = arith.extsi %35 : i32 to i64
        %63 = tile.dim %arg4, 0 : !tile.view<f16, 3>
        %64 = arith.extsi %63 : i32 to i64
        %65 = arith.addi %62, %c1_i64 : i64
        %66 = arith.cmpi sge, %62, %c0_i64 : i64
        %67 = arith.cmpi sle, %65, %64 : i64
        %68 = arith.andi %66, %67 : i1
        %69 = arith.extsi %36 : i32 to i64
        %70 = tile.dim %arg4, 1 : !tile.view<f16, 3>
        %71 = arith.extsi %70 : i32 to i64
        %72 = arith.addi %69, %c128_i64 : i64
        %73 = arith.cmpi sge, %69, %c0_i64 : i64
        %74 = arith.cmpi sle, %72, %71 : i64
        %75 = arith.andi %73, %74 : i1
        %76 = arith.andi %68, %75 : i1
        %77 = tile.dim %arg4, 2 : !tile.view<f16, 3>
        %78 = arith.extsi %77 : i32 to i64
        %79 = arith.cmpi sge, %78, %c64_i64 : i64
        %80 = arith.andi %76, %79 : i1
        scf.if %80 {
          tile.store %61, %arg4[%35, %36, %c0_i32] {in_bounds = array<i1: true, true, true>} : tensor<128x64xf16, #mma> -> !tile.view<f16, 3>
        } else {
          tile.store %61, %arg4[%35, %36, %c0_i32] : tensor<128x64xf16, #mma> -> !tile.view<f16, 3>
        }
        %81 = math.log2 %54#1 : tensor<128xf32, #rows>
        %82 = arith.addf %54#0, %81 : tensor<128xf32, #rows>
        %83 = arith.mulf %82, %cst_14 : tensor<128xf32, #rows>
        %84 = tile.dim %arg5, 0 : !tile.view<f32, 2>
        %85 = arith.extsi %84 : i32 to i64
        %86 = arith.cmpi sle, %65, %85 : i64
        %87 = arith.andi %66, %86 : i1
        %88 = tile.dim %arg5, 1 : !tile.view<f32, 2>
        %89 = arith.extsi %88 : i32 to i64
        %90 = arith.cmpi sle, %72, %89 : i64
        %91 = arith.andi %73, %90 : i1
        %92 = arith.andi %87, %91 : i1
        scf.if %92 {
          tile.store %83, %arg5[%35, %36] {in_bounds = array<i1: true, true>} : tensor<128xf32, #rows> -> !tile.view<f32, 2>
        } else {
          tile.store %83, %arg5[%35, %36] : tensor<128xf32, #rows> -> !tile.view<f32, 2>
        }
        scf.yield %52, %53 : i32, i32
      } {tilegpu.persistent}
      tilegpu.async_wait 0
      tilegpu.ring_inval {buffer = 2 : i64, empty, stages = 2 : i64, tilegpu.barrier_offset = 65536 : i64}
      tilegpu.ring_inval {buffer = 0 : i64, empty, stages = 2 : i64, tilegpu.barrier_offset = 65568 : i64}
      tilegpu.ring_inval {buffer = 1 : i64, empty, stages = 2 : i64, tilegpu.barrier_offset = 65600 : i64}
    }
    return
  }
}

