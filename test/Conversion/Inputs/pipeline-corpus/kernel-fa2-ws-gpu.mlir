#map = affine_map<()[s0, s1] -> (s1 ceildiv 128, s0)>
#mma = #tilegpu.mma<warpsM = 8, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
#shared_t = #tilegpu.shared<transposed = true, swizzle = 128>
#cols = #tilegpu.slice<dim = 0, parent = #mma>
#rows = #tilegpu.slice<dim = 1, parent = #mma>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @fa2(%arg0: !tile.view<f16, 3> {tile.name = "Q", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg1: !tile.view<f16, 3> {tile.name = "K", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg2: !tile.view<f16, 3> {tile.name = "V", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg3: f32 {tile.name = "sm_scale"}, %arg4: !tile.view<f16, 3> {tile.name = "Out", tile.role = "output", tile.shape = ["BH", "N", 64]}, %arg5: !tile.view<f32, 2> {tile.name = "Lse", tile.role = "output", tile.shape = ["BH", "N"]}) attributes {tile.constants = {BLOCK_M = 128 : i64, BLOCK_N = 64 : i64, CAUSAL = false, DTYPE = f16, HEAD_DIM = 64 : i64, NUM_STAGES = 2 : i64, NUM_WARPS = 8 : i64, OVERLAP_DOTS = false, PERSISTENT = false, PING_PONG = false, WARP_SPECIALIZE = false, WINDOW_LEFT = -1 : i64, WINDOW_RIGHT = -1 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 8 : i32, tile.overlap_dots = false, tile.persistent = false, tile.ping_pong = false, tile.sizes = ["BH", "N"], tile.warp_specialize = false, tilegpu.shared_bytes = 49216 : i64} {
    tilegpu.ring_init {arrivals = 8 : i64, buffer = 0 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49152 : i64}
    tilegpu.ring_init {arrivals = 8 : i64, buffer = 1 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49184 : i64}
    tilegpu.warp_specialize {consumer_registers = 240 : i64, producer_registers = 24 : i64, producer_warps = 4 : i64} producer {
      %c0_i32 = arith.constant 0 : i32
      %c64_i32 = arith.constant 64 : i32
      %0 = tile.program_id 1
      %1 = tile.dim %arg0, 1 : !tile.view<f16, 3>
      %2 = arith.divsi %1, %c64_i32 : i32
      %3 = arith.muli %2, %c64_i32 : i32
      %4 = arith.maxsi %3, %c0_i32 : i32
      scf.for %arg6 = %c0_i32 to %4 step %c64_i32  : i32 {
        %8 = arith.subi %arg6, %c0_i32 : i32
        %9 = arith.divsi %8, %c64_i32 : i32
        %true = arith.constant true
        %c2_i32 = arith.constant 2 : i32
        %10 = arith.remsi %9, %c2_i32 : i32
        %c2_i32_1 = arith.constant 2 : i32
        %11 = arith.divsi %9, %c2_i32_1 : i32
        %c1_i32 = arith.constant 1 : i32
        %12 = arith.addi %11, %c1_i32 : i32
        %c2_i32_2 = arith.constant 2 : i32
        %13 = arith.remsi %12, %c2_i32_2 : i32
        tilegpu.stage_acquire stage %10 phase %13 {buffer = 0 : i64, tilegpu.barrier_offset = 49168 : i64}
        tilegpu.async_load %arg1[%0, %arg6, %c0_i32] stage %10 if %true {buffer = 0 : i64, tilegpu.barrier_offset = 49152 : i64, tilegpu.shared_offset = 0 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
        tilegpu.stage_acquire stage %10 phase %13 {buffer = 1 : i64, tilegpu.barrier_offset = 49200 : i64}
        tilegpu.async_load %arg2[%0, %arg6, %c0_i32] stage %10 if %true {buffer = 1 : i64, tilegpu.barrier_offset = 49184 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
      } {tilegpu.producer}
      %5 = arith.subi %4, %c0_i32 : i32
      %c0_i32_0 = arith.constant 0 : i32
      %6 = arith.maxsi %5, %c0_i32_0 : i32
      %7 = arith.ceildivsi %6, %c64_i32 : i32
      scf.for %arg6 = %4 to %1 step %c64_i32  : i32 {
        %8 = arith.subi %arg6, %4 : i32
        %9 = arith.divsi %8, %c64_i32 : i32
        %true = arith.constant true
        %10 = arith.addi %7, %9 : i32
        %c2_i32 = arith.constant 2 : i32
        %11 = arith.remsi %10, %c2_i32 : i32
        %c2_i32_1 = arith.constant 2 : i32
        %12 = arith.divsi %10, %c2_i32_1 : i32
        %c1_i32 = arith.constant 1 : i32
        %13 = arith.addi %12, %c1_i32 : i32
        %c2_i32_2 = arith.constant 2 : i32
        %14 = arith.remsi %13, %c2_i32_2 : i32
        tilegpu.stage_acquire stage %11 phase %14 {buffer = 0 : i64, tilegpu.barrier_offset = 49168 : i64}
        tilegpu.async_load %arg1[%0, %arg6, %c0_i32] stage %11 if %true {buffer = 0 : i64, tilegpu.barrier_offset = 49152 : i64, tilegpu.shared_offset = 0 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
        tilegpu.stage_acquire stage %11 phase %14 {buffer = 1 : i64, tilegpu.barrier_offset = 49200 : i64}
        tilegpu.async_load %arg2[%0, %arg6, %c0_i32] stage %11 if %true {buffer = 1 : i64, tilegpu.barrier_offset = 49184 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
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
      %6 = tile.load %arg0[%3, %2, %c0_i32] {tilegpu.shared_offset = 32768 : i64} : !tile.view<f16, 3> -> tensor<128x64xf16, #shared>
      %7 = arith.divsi %0, %c64_i32 : i32
      %8 = arith.muli %7, %c64_i32 : i32
      %9 = arith.maxsi %8, %c0_i32 : i32
      %10 = arith.subi %9, %c0_i32 : i32
      %c0_i32_13 = arith.constant 0 : i32
      %11 = arith.maxsi %10, %c0_i32_13 : i32
      %12 = arith.ceildivsi %11, %c64_i32 : i32
      %13:3 = scf.for %arg6 = %c0_i32 to %9 step %c64_i32 iter_args(%arg7 = %cst_10, %arg8 = %cst_7, %arg9 = %cst_3) -> (tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>)  : i32 {
        %29 = arith.subi %arg6, %c0_i32 : i32
        %30 = arith.divsi %29, %c64_i32 : i32
        %c2_i32 = arith.constant 2 : i32
        %31 = arith.remsi %30, %c2_i32 : i32
        %32 = tilegpu.stage_view stage %31 {buffer = 0 : i64, tilegpu.shared_offset = 0 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
        %33 = tilegpu.stage_view stage %31 {buffer = 1 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
        %c2_i32_15 = arith.constant 2 : i32
        %34 = arith.divsi %30, %c2_i32_15 : i32
        %c2_i32_16 = arith.constant 2 : i32
        %35 = arith.remsi %34, %c2_i32_16 : i32
        tilegpu.stage_wait stage %31 phase %35 {buffer = 0 : i64, tilegpu.barrier_offset = 49152 : i64}
        %36 = tile.trans %32 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
        %37 = tile.dot %6, %36, %cst_2 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<128x64xf32, #mma>
        %38 = tile.splat %4 : f32 -> tensor<128x64xf32, #mma>
        %39 = tilegpu.dot_wait %37 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
        %40 = arith.mulf %39, %38 : tensor<128x64xf32, #mma>
        %41 = tile.reduce max %40 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
        %42 = arith.maximumf %arg7, %41 : tensor<128xf32, #rows>
        %43 = arith.cmpf oeq, %42, %cst_9 : tensor<128xf32, #rows>
        %44 = arith.select %43, %cst_6, %42 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
        %45 = tile.expand_dims %44 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
        %46 = tile.broadcast %45 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
        %47 = arith.subf %40, %46 : tensor<128x64xf32, #mma>
        %48 = math.exp2 %47 : tensor<128x64xf32, #mma>
        %49 = arith.subf %arg7, %44 : tensor<128xf32, #rows>
        %50 = math.exp2 %49 : tensor<128xf32, #rows>
        %51 = tile.reduce sum %48 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
        %52 = arith.mulf %50, %arg8 : tensor<128xf32, #rows>
        %53 = arith.addf %52, %51 : tensor<128xf32, #rows>
        %54 = tile.expand_dims %50 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
        %55 = tile.broadcast %54 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
        %56 = arith.mulf %arg9, %55 : tensor<128x64xf32, #mma>
        %57 = arith.truncf %48 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
        %c2_i32_17 = arith.constant 2 : i32
        %58 = arith.divsi %30, %c2_i32_17 : i32
        %c2_i32_18 = arith.constant 2 : i32
        %59 = arith.remsi %58, %c2_i32_18 : i32
        tilegpu.stage_wait stage %31 phase %59 {buffer = 1 : i64, tilegpu.barrier_offset = 49184 : i64}
        %60 = tile.dot %57, %33, %56 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #mma>, tensor<64x64xf16, #shared> -> tensor<128x64xf32, #mma>
        %61 = tilegpu.dot_wait %60 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
        tilegpu.stage_release stage %31 {buffer = 0 : i64, tilegpu.barrier_offset = 49168 : i64}
        tilegpu.stage_release stage %31 {buffer = 1 : i64, tilegpu.barrier_offset = 49200 : i64}
        scf.yield %42, %53, %61 : tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>
      }
      tilegpu.async_wait 0
      %14 = arith.subi %0, %9 : i32
      %c0_i32_14 = arith.constant 0 : i32
      %15 = arith.maxsi %14, %c0_i32_14 : i32
      %16 = arith.ceildivsi %15, %c64_i32 : i32
      %17 = arith.addi %12, %16 : i32
      %18 = arith.addi %12, %16 : i32
      %19:3 = scf.for %arg6 = %9 to %0 step %c64_i32 iter_args(%arg7 = %13#0, %arg8 = %13#1, %arg9 = %13#2) -> (tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>)  : i32 {
        %29 = arith.subi %arg6, %9 : i32
        %30 = arith.divsi %29, %c64_i32 : i32
        %31 = arith.addi %12, %30 : i32
        %c2_i32 = arith.constant 2 : i32
        %32 = arith.remsi %31, %c2_i32 : i32
        %33 = tilegpu.stage_view stage %32 {buffer = 0 : i64, tilegpu.shared_offset = 0 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
        %34 = tilegpu.stage_view stage %32 {buffer = 1 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
        %c2_i32_15 = arith.constant 2 : i32
        %35 = arith.divsi %31, %c2_i32_15 : i32
        %c2_i32_16 = arith.constant 2 : i32
        %36 = arith.remsi %35, %c2_i32_16 : i32
        tilegpu.stage_wait stage %32 phase %36 {buffer = 0 : i64, tilegpu.barrier_offset = 49152 : i64}
        %37 = tile.trans %33 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
        %38 = tile.dot %6, %37, %cst_4 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<128x64xf32, #mma>
        %39 = tile.splat %arg6 : i32 -> tensor<64xi32, #cols>
        %40 = arith.addi %39, %5 : tensor<64xi32, #cols>
        %41 = tile.expand_dims %40 axis 0 : tensor<64xi32, #cols> -> tensor<1x64xi32, #cols>
        %42 = tile.splat %0 : i32 -> tensor<1x64xi32, #cols>
        %43 = arith.cmpi slt, %41, %42 : tensor<1x64xi32, #cols>
        %44 = tile.broadcast %43 : tensor<1x64xi1, #cols> -> tensor<128x64xi1, #mma>
        %45 = tilegpu.dot_wait %38 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
        %46 = arith.select %44, %45, %cst_1 : tensor<128x64xi1, #mma>, tensor<128x64xf32, #mma>
        %47 = tile.splat %4 : f32 -> tensor<128x64xf32, #mma>
        %48 = arith.mulf %46, %47 : tensor<128x64xf32, #mma>
        %49 = tile.reduce max %48 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
        %50 = arith.maximumf %arg7, %49 : tensor<128xf32, #rows>
        %51 = arith.cmpf oeq, %50, %cst_11 : tensor<128xf32, #rows>
        %52 = arith.select %51, %cst_5, %50 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
        %53 = tile.expand_dims %52 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
        %54 = tile.broadcast %53 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
        %55 = arith.subf %48, %54 : tensor<128x64xf32, #mma>
        %56 = math.exp2 %55 : tensor<128x64xf32, #mma>
        %57 = arith.subf %arg7, %52 : tensor<128xf32, #rows>
        %58 = math.exp2 %57 : tensor<128xf32, #rows>
        %59 = tile.reduce sum %56 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
        %60 = arith.mulf %58, %arg8 : tensor<128xf32, #rows>
        %61 = arith.addf %60, %59 : tensor<128xf32, #rows>
        %62 = tile.expand_dims %58 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
        %63 = tile.broadcast %62 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
        %64 = arith.mulf %arg9, %63 : tensor<128x64xf32, #mma>
        %65 = arith.truncf %56 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
        %c2_i32_17 = arith.constant 2 : i32
        %66 = arith.divsi %31, %c2_i32_17 : i32
        %c2_i32_18 = arith.constant 2 : i32
        %67 = arith.remsi %66, %c2_i32_18 : i32
        tilegpu.stage_wait stage %32 phase %67 {buffer = 1 : i64, tilegpu.barrier_offset = 49184 : i64}
        %68 = tile.dot %65, %34, %64 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #mma>, tensor<64x64xf16, #shared> -> tensor<128x64xf32, #mma>
        %69 = tilegpu.dot_wait %68 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
        tilegpu.stage_release stage %32 {buffer = 0 : i64, tilegpu.barrier_offset = 49168 : i64}
        tilegpu.stage_release stage %32 {buffer = 1 : i64, tilegpu.barrier_offset = 49200 : i64}
        scf.yield %50, %61, %69 : tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>
      }
      tilegpu.async_wait 0
      tilegpu.ring_inval {buffer = 0 : i64, empty, stages = 2 : i64, tilegpu.barrier_offset = 49152 : i64}
      tilegpu.ring_inval {buffer = 1 : i64, empty, stages = 2 : i64, tilegpu.barrier_offset = 49184 : i64}
      %20 = arith.cmpf oeq, %19#1, %cst_8 : tensor<128xf32, #rows>
      %21 = arith.select %20, %cst_0, %19#1 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
      %22 = tile.expand_dims %21 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
      %23 = tile.broadcast %22 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
      %24 = arith.divf %19#2, %23 : tensor<128x64xf32, #mma>
      %25 = arith.truncf %24 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
      tile.store %25, %arg4[%3, %2, %c0_i32] : tensor<128x64xf16, #mma> -> !tile.view<f16, 3>
      %26 = math.log2 %19#1 : tensor<128xf32, #rows>
      %27 = arith.addf %19#0, %26 : tensor<128xf32, #rows>
      %28 = arith.mulf %27, %cst : tensor<128xf32, #rows>
      tile.store %28, %arg5[%3, %2] : tensor<128xf32, #rows> -> !tile.view<f32, 2>
    }
    return
  }
}

