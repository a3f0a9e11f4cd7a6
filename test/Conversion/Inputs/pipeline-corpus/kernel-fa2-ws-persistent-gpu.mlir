#map = affine_map<()[s0, s1] -> (s1 ceildiv 128, s0)>
#mma = #tilegpu.mma<warpsM = 8, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
#shared_t = #tilegpu.shared<transposed = true, swizzle = 128>
#cols = #tilegpu.slice<dim = 0, parent = #mma>
#rows = #tilegpu.slice<dim = 1, parent = #mma>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @fa2(%arg0: !tile.view<f16, 3> {tile.name = "Q", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg1: !tile.view<f16, 3> {tile.name = "K", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg2: !tile.view<f16, 3> {tile.name = "V", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg3: f32 {tile.name = "sm_scale"}, %arg4: !tile.view<f16, 3> {tile.name = "Out", tile.role = "output", tile.shape = ["BH", "N", 64]}, %arg5: !tile.view<f32, 2> {tile.name = "Lse", tile.role = "output", tile.shape = ["BH", "N"]}) attributes {tile.constants = {BLOCK_M = 128 : i64, BLOCK_N = 64 : i64, CAUSAL = false, DTYPE = f16, HEAD_DIM = 64 : i64, NUM_STAGES = 2 : i64, NUM_WARPS = 8 : i64, OVERLAP_DOTS = false, PERSISTENT = true, PING_PONG = false, WARP_SPECIALIZE = false, WINDOW_LEFT = -1 : i64, WINDOW_RIGHT = -1 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 8 : i32, tile.overlap_dots = false, tile.persistent = true, tile.ping_pong = false, tile.sizes = ["BH", "N"], tile.warp_specialize = false, tilegpu.persistent, tilegpu.shared_bytes = 49216 : i64} {
    tilegpu.ring_init {arrivals = 8 : i64, buffer = 0 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49152 : i64}
    tilegpu.ring_init {arrivals = 8 : i64, buffer = 1 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49184 : i64}
    tilegpu.warp_specialize {consumer_registers = 240 : i64, producer_registers = 24 : i64, producer_warps = 4 : i64} producer {
      %0 = tile.program_id 0
      %1 = tile.dim %arg0, 1 : !tile.view<f16, 3>
      %c128_i32 = arith.constant 128 : i32
      %2 = arith.ceildivsi %1, %c128_i32 : i32
      %3 = tile.dim %arg0, 0 : !tile.view<f16, 3>
      %4 = arith.muli %2, %3 : i32
      %5 = tile.num_programs 0
      %c0_i32 = arith.constant 0 : i32
      %6:2 = scf.for %arg6 = %0 to %4 step %5 iter_args(%arg7 = %c0_i32, %arg8 = %c0_i32) -> (i32, i32)  : i32 {
        %c0_i32_0 = arith.constant 0 : i32
        %c64_i32 = arith.constant 64 : i32
        %7 = arith.divsi %arg6, %2 : i32
        %8 = tile.dim %arg0, 1 : !tile.view<f16, 3>
        %9 = arith.divsi %8, %c64_i32 : i32
        %10 = arith.muli %9, %c64_i32 : i32
        %11 = arith.maxsi %10, %c0_i32_0 : i32
        scf.for %arg9 = %c0_i32_0 to %11 step %c64_i32  : i32 {
          %22 = arith.subi %arg9, %c0_i32_0 : i32
          %23 = arith.divsi %22, %c64_i32 : i32
          %true = arith.constant true
          %24 = arith.addi %arg7, %23 : i32
          %c2_i32 = arith.constant 2 : i32
          %25 = arith.remsi %24, %c2_i32 : i32
          %c2_i32_3 = arith.constant 2 : i32
          %26 = arith.divsi %24, %c2_i32_3 : i32
          %c1_i32 = arith.constant 1 : i32
          %27 = arith.addi %26, %c1_i32 : i32
          %c2_i32_4 = arith.constant 2 : i32
          %28 = arith.remsi %27, %c2_i32_4 : i32
          tilegpu.stage_acquire stage %25 phase %28 {buffer = 0 : i64, tilegpu.barrier_offset = 49168 : i64}
          tilegpu.async_load %arg1[%7, %arg9, %c0_i32_0] stage %25 if %true {buffer = 0 : i64, tilegpu.barrier_offset = 49152 : i64, tilegpu.shared_offset = 0 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
          %29 = arith.addi %arg8, %23 : i32
          %c2_i32_5 = arith.constant 2 : i32
          %30 = arith.remsi %29, %c2_i32_5 : i32
          %c2_i32_6 = arith.constant 2 : i32
          %31 = arith.divsi %29, %c2_i32_6 : i32
          %c1_i32_7 = arith.constant 1 : i32
          %32 = arith.addi %31, %c1_i32_7 : i32
          %c2_i32_8 = arith.constant 2 : i32
          %33 = arith.remsi %32, %c2_i32_8 : i32
          tilegpu.stage_acquire stage %30 phase %33 {buffer = 1 : i64, tilegpu.barrier_offset = 49200 : i64}
          tilegpu.async_load %arg2[%7, %arg9, %c0_i32_0] stage %30 if %true {buffer = 1 : i64, tilegpu.barrier_offset = 49184 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
        } {tilegpu.producer}
        %12 = arith.subi %11, %c0_i32_0 : i32
        %c0_i32_1 = arith.constant 0 : i32
        %13 = arith.maxsi %12, %c0_i32_1 : i32
        %14 = arith.ceildivsi %13, %c64_i32 : i32
        %15 = arith.addi %arg7, %14 : i32
        %16 = arith.addi %arg8, %14 : i32
        scf.for %arg9 = %11 to %8 step %c64_i32  : i32 {
          %22 = arith.subi %arg9, %11 : i32
          %23 = arith.divsi %22, %c64_i32 : i32
          %true = arith.constant true
          %24 = arith.addi %15, %23 : i32
          %c2_i32 = arith.constant 2 : i32
          %25 = arith.remsi %24, %c2_i32 : i32
          %c2_i32_3 = arith.constant 2 : i32
          %26 = arith.divsi %24, %c2_i32_3 : i32
          %c1_i32 = arith.constant 1 : i32
          %27 = arith.addi %26, %c1_i32 : i32
          %c2_i32_4 = arith.constant 2 : i32
          %28 = arith.remsi %27, %c2_i32_4 : i32
          tilegpu.stage_acquire stage %25 phase %28 {buffer = 0 : i64, tilegpu.barrier_offset = 49168 : i64}
          tilegpu.async_load %arg1[%7, %arg9, %c0_i32_0] stage %25 if %true {buffer = 0 : i64, tilegpu.barrier_offset = 49152 : i64, tilegpu.shared_offset = 0 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
          %29 = arith.addi %16, %23 : i32
          %c2_i32_5 = arith.constant 2 : i32
          %30 = arith.remsi %29, %c2_i32_5 : i32
          %c2_i32_6 = arith.constant 2 : i32
          %31 = arith.divsi %29, %c2_i32_6 : i32
          %c1_i32_7 = arith.constant 1 : i32
          %32 = arith.addi %31, %c1_i32_7 : i32
          %c2_i32_8 = arith.constant 2 : i32
          %33 = arith.remsi %32, %c2_i32_8 : i32
          tilegpu.stage_acquire stage %30 phase %33 {buffer = 1 : i64, tilegpu.barrier_offset = 49200 : i64}
          tilegpu.async_load %arg2[%7, %arg9, %c0_i32_0] stage %30 if %true {buffer = 1 : i64, tilegpu.barrier_offset = 49184 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
        } {tilegpu.producer}
        %17 = arith.subi %8, %11 : i32
        %c0_i32_2 = arith.constant 0 : i32
        %18 = arith.maxsi %17, %c0_i32_2 : i32
        %19 = arith.ceildivsi %18, %c64_i32 : i32
        %20 = arith.addi %15, %19 : i32
        %21 = arith.addi %16, %19 : i32
        scf.yield %20, %21 : i32, i32
      } {tilegpu.persistent}
    } consumer {
      %0 = tile.dim %arg0, 0 : !tile.view<f16, 3>
      %1 = tile.dim %arg0, 1 : !tile.view<f16, 3>
      %c128_i32 = arith.constant 128 : i32
      %2 = arith.ceildivsi %1, %c128_i32 : i32
      %3 = arith.muli %2, %0 : i32
      %4 = tile.program_id 0
      %5 = tile.num_programs 0
      %c0_i32 = arith.constant 0 : i32
      %6:2 = scf.for %arg6 = %4 to %3 step %5 iter_args(%arg7 = %c0_i32, %arg8 = %c0_i32) -> (i32, i32)  : i32 {
        %7 = arith.remsi %arg6, %2 : i32
        %8 = arith.divsi %arg6, %2 : i32
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
        %c0_i32_12 = arith.constant 0 : i32
        %cst_13 = arith.constant 1.44269502 : f32
        %c128_i32_14 = arith.constant 128 : i32
        %9 = tile.dim %arg0, 1 : !tile.view<f16, 3>
        %10 = arith.muli %7, %c128_i32_14 : i32
        %11 = arith.mulf %arg3, %cst_13 : f32
        %12 = tile.iota : tensor<64xi32, #cols>
        %13 = tile.load %arg0[%8, %10, %c0_i32_12] {tilegpu.shared_offset = 32768 : i64} : !tile.view<f16, 3> -> tensor<128x64xf16, #shared>
        %14 = arith.divsi %9, %c64_i32 : i32
        %15 = arith.muli %14, %c64_i32 : i32
        %16 = arith.maxsi %15, %c0_i32_12 : i32
        %17 = arith.subi %16, %c0_i32_12 : i32
        %c0_i32_15 = arith.constant 0 : i32
        %18 = arith.maxsi %17, %c0_i32_15 : i32
        %19 = arith.ceildivsi %18, %c64_i32 : i32
        %20 = arith.addi %arg7, %19 : i32
        %21 = arith.addi %arg8, %19 : i32
        %22:3 = scf.for %arg9 = %c0_i32_12 to %16 step %c64_i32 iter_args(%arg10 = %cst_10, %arg11 = %cst_7, %arg12 = %cst_3) -> (tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>)  : i32 {
          %38 = arith.subi %arg9, %c0_i32_12 : i32
          %39 = arith.divsi %38, %c64_i32 : i32
          %40 = arith.addi %arg7, %39 : i32
          %41 = arith.addi %arg8, %39 : i32
          %c2_i32 = arith.constant 2 : i32
          %42 = arith.remsi %40, %c2_i32 : i32
          %c2_i32_17 = arith.constant 2 : i32
          %43 = arith.remsi %41, %c2_i32_17 : i32
          %44 = tilegpu.stage_view stage %42 {buffer = 0 : i64, tilegpu.shared_offset = 0 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
          %45 = tilegpu.stage_view stage %43 {buffer = 1 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
          %c2_i32_18 = arith.constant 2 : i32
          %46 = arith.divsi %40, %c2_i32_18 : i32
          %c2_i32_19 = arith.constant 2 : i32
          %47 = arith.remsi %46, %c2_i32_19 : i32
          tilegpu.stage_wait stage %42 phase %47 {buffer = 0 : i64, tilegpu.barrier_offset = 49152 : i64}
          %48 = tile.trans %44 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
          %49 = tile.dot %13, %48, %cst_2 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<128x64xf32, #mma>
          %50 = tile.splat %11 : f32 -> tensor<128x64xf32, #mma>
          %51 = tilegpu.dot_wait %49 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
          %52 = arith.mulf %51, %50 : tensor<128x64xf32, #mma>
          %53 = tile.reduce max %52 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
          %54 = arith.maximumf %arg10, %53 : tensor<128xf32, #rows>
          %55 = arith.cmpf oeq, %54, %cst_9 : tensor<128xf32, #rows>
          %56 = arith.select %55, %cst_6, %54 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
          %57 = tile.expand_dims %56 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
          %58 = tile.broadcast %57 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
          %59 = arith.subf %52, %58 : tensor<128x64xf32, #mma>
          %60 = math.exp2 %59 : tensor<128x64xf32, #mma>
          %61 = arith.subf %arg10, %56 : tensor<128xf32, #rows>
          %62 = math.exp2 %61 : tensor<128xf32, #rows>
          %63 = tile.reduce sum %60 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
          %64 = arith.mulf %62, %arg11 : tensor<128xf32, #rows>
          %65 = arith.addf %64, %63 : tensor<128xf32, #rows>
          %66 = tile.expand_dims %62 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
          %67 = tile.broadcast %66 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
          %68 = arith.mulf %arg12, %67 : tensor<128x64xf32, #mma>
          %69 = arith.truncf %60 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
          %c2_i32_20 = arith.constant 2 : i32
          %70 = arith.divsi %41, %c2_i32_20 : i32
          %c2_i32_21 = arith.constant 2 : i32
          %71 = arith.remsi %70, %c2_i32_21 : i32
          tilegpu.stage_wait stage %43 phase %71 {buffer = 1 : i64, tilegpu.barrier_offset = 49184 : i64}
          %72 = tile.dot %69, %45, %68 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #mma>, tensor<64x64xf16, #shared> -> tensor<128x64xf32, #mma>
          %73 = tilegpu.dot_wait %72 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
          tilegpu.stage_release stage %42 {buffer = 0 : i64, tilegpu.barrier_offset = 49168 : i64}
          tilegpu.stage_release stage %43 {buffer = 1 : i64, tilegpu.barrier_offset = 49200 : i64}
          scf.yield %54, %65, %73 : tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>
        }
        tilegpu.async_wait 0
        %23 = arith.subi %9, %16 : i32
        %c0_i32_16 = arith.constant 0 : i32
        %24 = arith.maxsi %23, %c0_i32_16 : i32
        %25 = arith.ceildivsi %24, %c64_i32 : i32
        %26 = arith.addi %20, %25 : i32
        %27 = arith.addi %21, %25 : i32
        %28:3 = scf.for %arg9 = %16 to %9 step %c64_i32 iter_args(%arg10 = %22#0, %arg11 = %22#1, %arg12 = %22#2) -> (tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>)  : i32 {
          %38 = arith.subi %arg9, %16 : i32
          %39 = arith.divsi %38, %c64_i32 : i32
          %40 = arith.addi %20, %39 : i32
          %41 = arith.addi %21, %39 : i32
          %c2_i32 = arith.constant 2 : i32
          %42 = arith.remsi %40, %c2_i32 : i32
          %c2_i32_17 = arith.constant 2 : i32
          %43 = arith.remsi %41, %c2_i32_17 : i32
          %44 = tilegpu.stage_view stage %42 {buffer = 0 : i64, tilegpu.shared_offset = 0 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
          %45 = tilegpu.stage_view stage %43 {buffer = 1 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
          %c2_i32_18 = arith.constant 2 : i32
          %46 = arith.divsi %40, %c2_i32_18 : i32
          %c2_i32_19 = arith.constant 2 : i32
          %47 = arith.remsi %46, %c2_i32_19 : i32
          tilegpu.stage_wait stage %42 phase %47 {buffer = 0 : i64, tilegpu.barrier_offset = 49152 : i64}
          %48 = tile.trans %44 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
          %49 = tile.dot %13, %48, %cst_4 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<128x64xf32, #mma>
          %50 = tile.splat %arg9 : i32 -> tensor<64xi32, #cols>
          %51 = arith.addi %50, %12 : tensor<64xi32, #cols>
          %52 = tile.expand_dims %51 axis 0 : tensor<64xi32, #cols> -> tensor<1x64xi32, #cols>
          %53 = tile.splat %9 : i32 -> tensor<1x64xi32, #cols>
          %54 = arith.cmpi slt, %52, %53 : tensor<1x64xi32, #cols>
          %55 = tile.broadcast %54 : tensor<1x64xi1, #cols> -> tensor<128x64xi1, #mma>
          %56 = tilegpu.dot_wait %49 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
          %57 = arith.select %55, %56, %cst_1 : tensor<128x64xi1, #mma>, tensor<128x64xf32, #mma>
          %58 = tile.splat %11 : f32 -> tensor<128x64xf32, #mma>
          %59 = arith.mulf %57, %58 : tensor<128x64xf32, #mma>
          %60 = tile.reduce max %59 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
          %61 = arith.maximumf %arg10, %60 : tensor<128xf32, #rows>
          %62 = arith.cmpf oeq, %61, %cst_11 : tensor<128xf32, #rows>
          %63 = arith.select %62, %cst_5, %61 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
          %64 = tile.expand_dims %63 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
          %65 = tile.broadcast %64 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
          %66 = arith.subf %59, %65 : tensor<128x64xf32, #mma>
          %67 = math.exp2 %66 : tensor<128x64xf32, #mma>
          %68 = arith.subf %arg10, %63 : tensor<128xf32, #rows>
          %69 = math.exp2 %68 : tensor<128xf32, #rows>
          %70 = tile.reduce sum %67 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
          %71 = arith.mulf %69, %arg11 : tensor<128xf32, #rows>
          %72 = arith.addf %71, %70 : tensor<128xf32, #rows>
          %73 = tile.expand_dims %69 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
          %74 = tile.broadcast %73 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
          %75 = arith.mulf %arg12, %74 : tensor<128x64xf32, #mma>
          %76 = arith.truncf %67 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
          %c2_i32_20 = arith.constant 2 : i32
          %77 = arith.divsi %41, %c2_i32_20 : i32
          %c2_i32_21 = arith.constant 2 : i32
          %78 = arith.remsi %77, %c2_i32_21 : i32
          tilegpu.stage_wait stage %43 phase %78 {buffer = 1 : i64, tilegpu.barrier_offset = 49184 : i64}
          %79 = tile.dot %76, %45, %75 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #mma>, tensor<64x64xf16, #shared> -> tensor<128x64xf32, #mma>
          %80 = tilegpu.dot_wait %79 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
          tilegpu.stage_release stage %42 {buffer = 0 : i64, tilegpu.barrier_offset = 49168 : i64}
          tilegpu.stage_release stage %43 {buffer = 1 : i64, tilegpu.barrier_offset = 49200 : i64}
          scf.yield %61, %72, %80 : tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>
        }
        tilegpu.async_wait 0
        %29 = arith.cmpf oeq, %28#1, %cst_8 : tensor<128xf32, #rows>
        %30 = arith.select %29, %cst_0, %28#1 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
        %31 = tile.expand_dims %30 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
        %32 = tile.broadcast %31 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
        %33 = arith.divf %28#2, %32 : tensor<128x64xf32, #mma>
        %34 = arith.truncf %33 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
        tile.store %34, %arg4[%8, %10, %c0_i32_12] : tensor<128x64xf16, #mma> -> !tile.view<f16, 3>
        %35 = math.log2 %28#1 : tensor<128xf32, #rows>
        %36 = arith.addf %28#0, %35 : tensor<128xf32, #rows>
        %37 = arith.mulf %36, %cst : tensor<128xf32, #rows>
        tile.store %37, %arg5[%8, %10] : tensor<128xf32, #rows> -> !tile.view<f32, 2>
        scf.yield %26, %27 : i32, i32
      } {tilegpu.persistent}
      tilegpu.ring_inval {buffer = 0 : i64, empty, stages = 2 : i64, tilegpu.barrier_offset = 49152 : i64}
      tilegpu.ring_inval {buffer = 1 : i64, empty, stages = 2 : i64, tilegpu.barrier_offset = 49184 : i64}
    }
    return
  }
}

