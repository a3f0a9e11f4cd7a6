#map = affine_map<()[s0, s1] -> (s1 ceildiv 128, s0)>
#mma = #tilegpu.mma<warpsM = 8, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
#shared_t = #tilegpu.shared<transposed = true, swizzle = 128>
#cols = #tilegpu.slice<dim = 0, parent = #mma>
#rows = #tilegpu.slice<dim = 1, parent = #mma>
module {
  func.func @fa2(%arg0: !tile.view<f16, 3> {tile.name = "Q", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg1: !tile.view<f16, 3> {tile.name = "K", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg2: !tile.view<f16, 3> {tile.name = "V", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg3: f32 {tile.name = "sm_scale"}, %arg4: !tile.view<f16, 3> {tile.name = "Out", tile.role = "output", tile.shape = ["BH", "N", 64]}, %arg5: !tile.view<f32, 2> {tile.name = "Lse", tile.role = "output", tile.shape = ["BH", "N"]}) attributes {tilegpu.shared_bytes = 82048 : i64, tile.constants = {BLOCK_M = 128 : i64, BLOCK_N = 64 : i64, CAUSAL = false, DTYPE = f16, HEAD_DIM = 64 : i64, NUM_STAGES = 2 : i64, NUM_WARPS = 8 : i64, OVERLAP_DOTS = false, WINDOW_LEFT = -1 : i64, WINDOW_RIGHT = -1 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 8 : i32, tile.overlap_dots = false, tile.sizes = ["BH", "N"]} {
    tilegpu.ring_init {arrivals = 8 : i64, buffer = 0 : i64, stages = 2 : i64, tilegpu.barrier_offset = 81920 : i64}
    tilegpu.ring_init {arrivals = 8 : i64, buffer = 1 : i64, stages = 2 : i64, tilegpu.barrier_offset = 81952 : i64}
    tilegpu.ring_init {arrivals = 8 : i64, buffer = 2 : i64, stages = 2 : i64, tilegpu.barrier_offset = 81984 : i64}
    tilegpu.ring_init {arrivals = 8 : i64, buffer = 3 : i64, stages = 2 : i64, tilegpu.barrier_offset = 82016 : i64}
    tilegpu.warp_specialize {consumer_registers = 240 : i64, producer_registers = 24 : i64, producer_warps = 4 : i64} producer {
      %c0_i32 = arith.constant 0 : i32
      %c64_i32 = arith.constant 64 : i32
      %0 = tile.program_id 1
      %1 = tile.dim %arg0, 1 : !tile.view<f16, 3>
      %2 = arith.divsi %1, %c64_i32 : i32
      %3 = arith.muli %2, %c64_i32 : i32
      %4 = arith.maxsi %3, %c0_i32 : i32
      scf.for %arg6 = %c0_i32 to %4 step %c64_i32  : i32 {
        %5 = arith.subi %arg6, %c0_i32 : i32
        %6 = arith.divsi %5, %c64_i32 : i32
        %true = arith.constant true
        %c2_i32 = arith.constant 2 : i32
        %7 = arith.remsi %6, %c2_i32 : i32
        %c2_i32_0 = arith.constant 2 : i32
        %8 = arith.divsi %6, %c2_i32_0 : i32
        %c1_i32 = arith.constant 1 : i32
        %9 = arith.addi %8, %c1_i32 : i32
        %c2_i32_1 = arith.constant 2 : i32
        %10 = arith.remsi %9, %c2_i32_1 : i32
        tilegpu.stage_acquire stage %7 phase %10 {buffer = 0 : i64, tilegpu.barrier_offset = 81936 : i64}
        tilegpu.async_load %arg1[%0, %arg6, %c0_i32] stage %7 if %true {buffer = 0 : i64, tilegpu.barrier_offset = 81920 : i64, tilegpu.shared_offset = 0 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
        tilegpu.stage_acquire stage %7 phase %10 {buffer = 1 : i64, tilegpu.barrier_offset = 81968 : i64}
        tilegpu.async_load %arg2[%0, %arg6, %c0_i32] stage %7 if %true {buffer = 1 : i64, tilegpu.barrier_offset = 81952 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
      } {tilegpu.producer}
      scf.for %arg6 = %4 to %1 step %c64_i32  : i32 {
        %5 = arith.subi %arg6, %4 : i32
        %6 = arith.divsi %5, %c64_i32 : i32
        %true = arith.constant true
        %c2_i32 = arith.constant 2 : i32
        %7 = arith.remsi %6, %c2_i32 : i32
        %c2_i32_0 = arith.constant 2 : i32
        %8 = arith.divsi %6, %c2_i32_0 : i32
        %c1_i32 = arith.constant 1 : i32
        %9 = arith.addi %8, %c1_i32 : i32
        %c2_i32_1 = arith.constant 2 : i32
        %10 = arith.remsi %9, %c2_i32_1 : i32
        tilegpu.stage_acquire stage %7 phase %10 {buffer = 2 : i64, tilegpu.barrier_offset = 82000 : i64}
        tilegpu.async_load %arg1[%0, %arg6, %c0_i32] stage %7 if %true {buffer = 2 : i64, tilegpu.barrier_offset = 81984 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
        tilegpu.stage_acquire stage %7 phase %10 {buffer = 3 : i64, tilegpu.barrier_offset = 82032 : i64}
        tilegpu.async_load %arg2[%0, %arg6, %c0_i32] stage %7 if %true {buffer = 3 : i64, tilegpu.barrier_offset = 82016 : i64, tilegpu.shared_offset = 49152 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
      } {tilegpu.producer}
    } consumer {
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
      %6 = tile.load %arg0[%3, %2, %c0_i32] {tilegpu.shared_offset = 65536 : i64} : !tile.view<f16, 3> -> tensor<128x64xf16, #shared>
      %7 = arith.divsi %0, %c64_i32 : i32
      %8 = arith.muli %7, %c64_i32 : i32
      %9 = arith.maxsi %8, %c0_i32 : i32
      %10:3 = scf.for %arg6 = %c0_i32 to %9 step %c64_i32 iter_args(%arg7 = %cst_10, %arg8 = %cst_7, %arg9 = %cst_3) -> (tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>)  : i32 {
        %21 = arith.subi %arg6, %c0_i32 : i32
        %22 = arith.divsi %21, %c64_i32 : i32
        %c2_i32 = arith.constant 2 : i32
        %23 = arith.remsi %22, %c2_i32 : i32
        %24 = tilegpu.stage_view stage %23 {buffer = 0 : i64, tilegpu.shared_offset = 0 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
        %25 = tilegpu.stage_view stage %23 {buffer = 1 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
        %c2_i32_13 = arith.constant 2 : i32
        %26 = arith.divsi %22, %c2_i32_13 : i32
        %c2_i32_14 = arith.constant 2 : i32
        %27 = arith.remsi %26, %c2_i32_14 : i32
        tilegpu.stage_wait stage %23 phase %27 {buffer = 0 : i64, tilegpu.barrier_offset = 81920 : i64}
        %28 = tile.trans %24 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
        %29 = tile.dot %6, %28, %cst_2 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<128x64xf32, #mma>
        %30 = tile.splat %4 : f32 -> tensor<128x64xf32, #mma>
        %31 = tilegpu.dot_wait %29 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
        %32 = arith.mulf %31, %30 : tensor<128x64xf32, #mma>
        %33 = tile.reduce max %32 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
        %34 = arith.maximumf %arg7, %33 : tensor<128xf32, #rows>
        %35 = arith.cmpf oeq, %34, %cst_9 : tensor<128xf32, #rows>
        %36 = arith.select %35, %cst_6, %34 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
        %37 = tile.expand_dims %36 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
        %38 = tile.broadcast %37 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
        %39 = arith.subf %32, %38 : tensor<128x64xf32, #mma>
        %40 = math.exp2 %39 : tensor<128x64xf32, #mma>
        %41 = arith.subf %arg7, %36 : tensor<128xf32, #rows>
        %42 = math.exp2 %41 : tensor<128xf32, #rows>
        %43 = tile.reduce sum %40 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
        %44 = arith.mulf %42, %arg8 : tensor<128xf32, #rows>
        %45 = arith.addf %44, %43 : tensor<128xf32, #rows>
        %46 = tile.expand_dims %42 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
        %47 = tile.broadcast %46 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
        %48 = arith.mulf %arg9, %47 : tensor<128x64xf32, #mma>
        %49 = arith.truncf %40 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
        %c2_i32_15 = arith.constant 2 : i32
        %50 = arith.divsi %22, %c2_i32_15 : i32
        %c2_i32_16 = arith.constant 2 : i32
        %51 = arith.remsi %50, %c2_i32_16 : i32
        tilegpu.stage_wait stage %23 phase %51 {buffer = 1 : i64, tilegpu.barrier_offset = 81952 : i64}
        %52 = tile.dot %49, %25, %48 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #mma>, tensor<64x64xf16, #shared> -> tensor<128x64xf32, #mma>
        %53 = tilegpu.dot_wait %52 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
        tilegpu.stage_release stage %23 {buffer = 0 : i64, tilegpu.barrier_offset = 81936 : i64}
        tilegpu.stage_release stage %23 {buffer = 1 : i64, tilegpu.barrier_offset = 81968 : i64}
        scf.yield %34, %45, %53 : tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>
      }
      tilegpu.async_wait 0
      tilegpu.ring_inval {buffer = 0 : i64, empty, stages = 2 : i64, tilegpu.barrier_offset = 81920 : i64}
      tilegpu.ring_inval {buffer = 1 : i64, empty, stages = 2 : i64, tilegpu.barrier_offset = 81952 : i64}
      %11:3 = scf.for %arg6 = %9 to %0 step %c64_i32 iter_args(%arg7 = %10#0, %arg8 = %10#1, %arg9 = %10#2) -> (tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>)  : i32 {
        %21 = arith.subi %arg6, %9 : i32
        %22 = arith.divsi %21, %c64_i32 : i32
        %c2_i32 = arith.constant 2 : i32
        %23 = arith.remsi %22, %c2_i32 : i32
        %24 = tilegpu.stage_view stage %23 {buffer = 2 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
        %25 = tilegpu.stage_view stage %23 {buffer = 3 : i64, tilegpu.shared_offset = 49152 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
        %c2_i32_13 = arith.constant 2 : i32
        %26 = arith.divsi %22, %c2_i32_13 : i32
        %c2_i32_14 = arith.constant 2 : i32
        %27 = arith.remsi %26, %c2_i32_14 : i32
        tilegpu.stage_wait stage %23 phase %27 {buffer = 2 : i64, tilegpu.barrier_offset = 81984 : i64}
        %28 = tile.trans %24 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
        %29 = tile.dot %6, %28, %cst_4 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<128x64xf32, #mma>
        %30 = tile.splat %arg6 : i32 -> tensor<64xi32, #cols>
        %31 = arith.addi %30, %5 : tensor<64xi32, #cols>
        %32 = tile.expand_dims %31 axis 0 : tensor<64xi32, #cols> -> tensor<1x64xi32, #cols>
        %33 = tile.splat %0 : i32 -> tensor<1x64xi32, #cols>
        %34 = arith.cmpi slt, %32, %33 : tensor<1x64xi32, #cols>
        %35 = tile.broadcast %34 : tensor<1x64xi1, #cols> -> tensor<128x64xi1, #mma>
        %36 = tilegpu.dot_wait %29 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
        %37 = arith.select %35, %36, %cst_1 : tensor<128x64xi1, #mma>, tensor<128x64xf32, #mma>
        %38 = tile.splat %4 : f32 -> tensor<128x64xf32, #mma>
        %39 = arith.mulf %37, %38 : tensor<128x64xf32, #mma>
        %40 = tile.reduce max %39 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
        %41 = arith.maximumf %arg7, %40 : tensor<128xf32, #rows>
        %42 = arith.cmpf oeq, %41, %cst_11 : tensor<128xf32, #rows>
        %43 = arith.select %42, %cst_5, %41 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
        %44 = tile.expand_dims %43 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
        %45 = tile.broadcast %44 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
        %46 = arith.subf %39, %45 : tensor<128x64xf32, #mma>
        %47 = math.exp2 %46 : tensor<128x64xf32, #mma>
        %48 = arith.subf %arg7, %43 : tensor<128xf32, #rows>
        %49 = math.exp2 %48 : tensor<128xf32, #rows>
        %50 = tile.reduce sum %47 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
        %51 = arith.mulf %49, %arg8 : tensor<128xf32, #rows>
        %52 = arith.addf %51, %50 : tensor<128xf32, #rows>
        %53 = tile.expand_dims %49 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
        %54 = tile.broadcast %53 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
        %55 = arith.mulf %arg9, %54 : tensor<128x64xf32, #mma>
        %56 = arith.truncf %47 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
        %c2_i32_15 = arith.constant 2 : i32
        %57 = arith.divsi %22, %c2_i32_15 : i32
        %c2_i32_16 = arith.constant 2 : i32
        %58 = arith.remsi %57, %c2_i32_16 : i32
        tilegpu.stage_wait stage %23 phase %58 {buffer = 3 : i64, tilegpu.barrier_offset = 82016 : i64}
        %59 = tile.dot %56, %25, %55 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #mma>, tensor<64x64xf16, #shared> -> tensor<128x64xf32, #mma>
        %60 = tilegpu.dot_wait %59 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
        tilegpu.stage_release stage %23 {buffer = 2 : i64, tilegpu.barrier_offset = 82000 : i64}
        tilegpu.stage_release stage %23 {buffer = 3 : i64, tilegpu.barrier_offset = 82032 : i64}
        scf.yield %41, %52, %60 : tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>
      }
      tilegpu.async_wait 0
      tilegpu.ring_inval {buffer = 2 : i64, empty, stages = 2 : i64, tilegpu.barrier_offset = 81984 : i64}
      tilegpu.ring_inval {buffer = 3 : i64, empty, stages = 2 : i64, tilegpu.barrier_offset = 82016 : i64}
      %12 = arith.cmpf oeq, %11#1, %cst_8 : tensor<128xf32, #rows>
      %13 = arith.select %12, %cst_0, %11#1 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
      %14 = tile.expand_dims %13 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
      %15 = tile.broadcast %14 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
      %16 = arith.divf %11#2, %15 : tensor<128x64xf32, #mma>
      %17 = arith.truncf %16 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
      tile.store %17, %arg4[%3, %2, %c0_i32] : tensor<128x64xf16, #mma> -> !tile.view<f16, 3>
      %18 = math.log2 %11#1 : tensor<128xf32, #rows>
      %19 = arith.addf %11#0, %18 : tensor<128xf32, #rows>
      %20 = arith.mulf %19, %cst : tensor<128xf32, #rows>
      tile.store %20, %arg5[%3, %2] : tensor<128xf32, #rows> -> !tile.view<f32, 2>
    }
    return
  }
}

