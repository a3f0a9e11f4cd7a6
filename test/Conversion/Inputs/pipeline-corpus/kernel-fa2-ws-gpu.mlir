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
      %6 = tile.load %arg0[%3, %2, %c0_i32] {tilegpu.shared_offset = 32768 : i64} : !tile.view<f16, 3> -> tensor<128x64xf16, #shared>
      %7 = arith.divsi %0, %c64_i32 : i32
      %8 = arith.muli %7, %c64_i32 : i32
      %9 = arith.maxsi %8, %c0_i32 : i32
      %10 = arith.subi %9, %c0_i32 : i32
      %c0_i32_15 = arith.constant 0 : i32
      %11 = arith.maxsi %10, %c0_i32_15 : i32
      %12 = arith.ceildivsi %11, %c64_i32 : i32
      %13:3 = scf.for %arg6 = %c0_i32 to %9 step %c64_i32 iter_args(%arg7 = %cst_12, %arg8 = %cst_9, %arg9 = %cst_5) -> (tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>)  : i32 {
        %58 = arith.subi %arg6, %c0_i32 : i32
        %59 = arith.divsi %58, %c64_i32 : i32
        %c2_i32 = arith.constant 2 : i32
        %60 = arith.remsi %59, %c2_i32 : i32
        %61 = tilegpu.stage_view stage %60 {buffer = 0 : i64, tilegpu.shared_offset = 0 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
        %62 = tilegpu.stage_view stage %60 {buffer = 1 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
        %c2_i32_17 = arith.constant 2 : i32
        %63 = arith.divsi %59, %c2_i32_17 : i32
        %c2_i32_18 = arith.constant 2 : i32
        %64 = arith.remsi %63, %c2_i32_18 : i32
        tilegpu.stage_wait stage %60 phase %64 {buffer = 0 : i64, tilegpu.barrier_offset = 49152 : i64}
        %65 = tile.trans %61 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
        %66 = tile.dot %6, %65, %cst_4 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<128x64xf32, #mma>
        %67 = arith.cmpf oge, %4, %cst_3 : f32
        %68 = tilegpu.dot_wait %66 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
        %69 = scf.if %67 -> (tensor<128xf32, #rows>) {
          %94 = tile.reduce max %68 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
          scf.yield %94 : tensor<128xf32, #rows>
        } else {
          %94 = tile.reduce min %68 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
          scf.yield %94 : tensor<128xf32, #rows>
        }
        %70 = tile.splat %4 : f32 -> tensor<128xf32, #rows>
        %71 = arith.mulf %69, %70 : tensor<128xf32, #rows>
        %72 = tile.splat %4 : f32 -> tensor<128x64xf32, #mma>
        %73 = arith.mulf %68, %72 : tensor<128x64xf32, #mma>
        %74 = arith.maximumf %arg7, %71 : tensor<128xf32, #rows>
        %75 = arith.cmpf oeq, %74, %cst_11 : tensor<128xf32, #rows>
        %76 = arith.select %75, %cst_8, %74 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
        %77 = tile.expand_dims %76 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
        %78 = tile.broadcast %77 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
        %79 = arith.subf %73, %78 : tensor<128x64xf32, #mma>
        %80 = math.exp2 %79 : tensor<128x64xf32, #mma>
        %81 = arith.subf %arg7, %76 : tensor<128xf32, #rows>
        %82 = math.exp2 %81 : tensor<128xf32, #rows>
        %83 = tile.reduce sum %80 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
        %84 = arith.mulf %82, %arg8 : tensor<128xf32, #rows>
        %85 = arith.addf %84, %83 : tensor<128xf32, #rows>
        %86 = tile.expand_dims %82 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
        %87 = tile.broadcast %86 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
        %88 = arith.mulf %arg9, %87 : tensor<128x64xf32, #mma>
        %89 = arith.truncf %80 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
        %c2_i32_19 = arith.constant 2 : i32
        %90 = arith.divsi %59, %c2_i32_19 : i32
        %c2_i32_20 = arith.constant 2 : i32
        %91 = arith.remsi %90, %c2_i32_20 : i32
        tilegpu.stage_wait stage %60 phase %91 {buffer = 1 : i64, tilegpu.barrier_offset = 49184 : i64}
        %92 = tile.dot %89, %62, %88 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #mma>, tensor<64x64xf16, #shared> -> tensor<128x64xf32, #mma>
        %93 = tilegpu.dot_wait %92 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
        tilegpu.stage_release stage %60 {buffer = 0 : i64, tilegpu.barrier_offset = 49168 : i64}
        tilegpu.stage_release stage %60 {buffer = 1 : i64, tilegpu.barrier_offset = 49200 : i64}
        scf.yield %74, %85, %93 : tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>
      }
      %14 = arith.subi %0, %9 : i32
      %c0_i32_16 = arith.constant 0 : i32
      %15 = arith.maxsi %14, %c0_i32_16 : i32
      %16 = arith.ceildivsi %15, %c64_i32 : i32
      %17 = arith.addi %12, %16 : i32
      %18 = arith.addi %12, %16 : i32
      %19:3 = scf.for %arg6 = %9 to %0 step %c64_i32 iter_args(%arg7 = %13#0, %arg8 = %13#1, %arg9 = %13#2) -> (tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>)  : i32 {
        %58 = arith.subi %arg6, %9 : i32
        %59 = arith.divsi %58, %c64_i32 : i32
        %60 = arith.addi %12, %59 : i32
        %c2_i32 = arith.constant 2 : i32
        %61 = arith.remsi %60, %c2_i32 : i32
        %62 = tilegpu.stage_view stage %61 {buffer = 0 : i64, tilegpu.shared_offset = 0 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
        %63 = tilegpu.stage_view stage %61 {buffer = 1 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
        %c2_i32_17 = arith.constant 2 : i32
        %64 = arith.divsi %60, %c2_i32_17 : i32
        %c2_i32_18 = arith.constant 2 : i32
        %65 = arith.remsi %64, %c2_i32_18 : i32
        tilegpu.stage_wait stage %61 phase %65 {buffer = 0 : i64, tilegpu.barrier_offset = 49152 : i64}
        %66 = tile.trans %62 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
        %67 = tile.dot %6, %66, %cst_6 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<128x64xf32, #mma>
        %68 = tile.splat %arg6 : i32 -> tensor<64xi32, #cols>
        %69 = arith.addi %68, %5 : tensor<64xi32, #cols>
        %70 = tile.expand_dims %69 axis 0 : tensor<64xi32, #cols> -> tensor<1x64xi32, #cols>
        %71 = tile.splat %0 : i32 -> tensor<1x64xi32, #cols>
        %72 = arith.cmpi slt, %70, %71 : tensor<1x64xi32, #cols>
        %73 = tile.broadcast %72 : tensor<1x64xi1, #cols> -> tensor<128x64xi1, #mma>
        %74 = tilegpu.dot_wait %67 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
        %75 = arith.select %73, %74, %cst_2 : tensor<128x64xi1, #mma>, tensor<128x64xf32, #mma>
        %76 = arith.cmpf oge, %4, %cst_3 : f32
        %77 = scf.if %76 -> (tensor<128xf32, #rows>) {
          %102 = tile.reduce max %75 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
          scf.yield %102 : tensor<128xf32, #rows>
        } else {
          %102 = tile.reduce min %75 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
          scf.yield %102 : tensor<128xf32, #rows>
        }
        %78 = tile.splat %4 : f32 -> tensor<128xf32, #rows>
        %79 = arith.mulf %77, %78 : tensor<128xf32, #rows>
        %80 = tile.splat %4 : f32 -> tensor<128x64xf32, #mma>
        %81 = arith.mulf %75, %80 : tensor<128x64xf32, #mma>
        %82 = arith.maximumf %arg7, %79 : tensor<128xf32, #rows>
        %83 = arith.cmpf oeq, %82, %cst_13 : tensor<128xf32, #rows>
        %84 = arith.select %83, %cst_7, %82 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
        %85 = tile.expand_dims %84 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
        %86 = tile.broadcast %85 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
        %87 = arith.subf %81, %86 : tensor<128x64xf32, #mma>
        %88 = math.exp2 %87 : tensor<128x64xf32, #mma>
        %89 = arith.subf %arg7, %84 : tensor<128xf32, #rows>
        %90 = math.exp2 %89 : tensor<128xf32, #rows>
        %91 = tile.reduce sum %88 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
        %92 = arith.mulf %90, %arg8 : tensor<128xf32, #rows>
        %93 = arith.addf %92, %91 : tensor<128xf32, #rows>
        %94 = tile.expand_dims %90 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
        %95 = tile.broadcast %94 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
        %96 = arith.mulf %arg9, %95 : tensor<128x64xf32, #mma>
        %97 = arith.truncf %88 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
        %c2_i32_19 = arith.constant 2 : i32
        %98 = arith.divsi %60, %c2_i32_19 : i32
        %c2_i32_20 = arith.constant 2 : i32
        %99 = arith.remsi %98, %c2_i32_20 : i32
        tilegpu.stage_wait stage %61 phase %99 {buffer = 1 : i64, tilegpu.barrier_offset = 49184 : i64}
        %100 = tile.dot %97, %63, %96 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #mma>, tensor<64x64xf16, #shared> -> tensor<128x64xf32, #mma>
        %101 = tilegpu.dot_wait %100 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
        tilegpu.stage_release stage %61 {buffer = 0 : i64, tilegpu.barrier_offset = 49168 : i64}
        tilegpu.stage_release stage %61 {buffer = 1 : i64, tilegpu.barrier_offset = 49200 : i64}
        scf.yield %82, %93, %101 : tensor<128xf32, #rows>, tensor<128xf32, #rows>, tensor<128x64xf32, #mma>
      }
      tilegpu.async_wait 0
      tilegpu.ring_inval {buffer = 0 : i64, empty, stages = 2 : i64, tilegpu.barrier_offset = 49152 : i64}
      tilegpu.ring_inval {buffer = 1 : i64, empty, stages = 2 : i64, tilegpu.barrier_offset = 49184 : i64}
      %20 = arith.cmpf oeq, %19#1, %cst_10 : tensor<128xf32, #rows>
      %21 = arith.select %20, %cst_0, %19#1 : tensor<128xi1, #rows>, tensor<128xf32, #rows>
      %22 = arith.divf %cst_1, %21 : tensor<128xf32, #rows>
      %23 = tile.expand_dims %22 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
      %24 = tile.broadcast %23 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
      %25 = arith.mulf %19#2, %24 : tensor<128x64xf32, #mma>
      %26 = arith.truncf %25 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
      %27 = arith.extsi %3 : i32 to i64
      %28 = tile.dim %arg4, 0 : !tile.view<f16, 3>
      %29 = arith.extsi %28 : i32 to i64
      %30 = arith.addi %27, %c1_i64 : i64
      %31 = arith.cmpi sge, %27, %c0_i64 : i64
      %32 = arith.cmpi sle, %30, %29 : i64
      %33 = arith.andi %31, %32 : i1
      %34 = arith.extsi %2 : i32 to i64
      %35 = tile.dim %arg4, 1 : !tile.view<f16, 3>
      %36 = arith.extsi %35 : i32 to i64
      %37 = arith.addi %34, %c128_i64 : i64
      %38 = arith.cmpi sge, %34, %c0_i64 : i64
      %39 = arith.cmpi sle, %37, %36 : i64
      %40 = arith.andi %38, %39 : i1
      %41 = arith.andi %33, %40 : i1
      %42 = tile.dim %arg4, 2 : !tile.view<f16, 3>
      %43 = arith.extsi %42 : i32 to i64
      %44 = arith.cmpi sge, %43, %c64_i64 : i64
      %45 = arith.andi %41, %44 : i1
      scf.if %45 {
        tile.store %26, %arg4[%3, %2, %c0_i32] {in_bounds = array<i1: true, true, true>} : tensor<128x64xf16, #mma> -> !tile.view<f16, 3>
      } else {
        tile.store %26, %arg4[%3, %2, %c0_i32] : tensor<128x64xf16, #mma> -> !tile.view<f16, 3>
      }
      %46 = math.log2 %19#1 : tensor<128xf32, #rows>
      %47 = arith.addf %19#0, %46 : tensor<128xf32, #rows>
      %48 = arith.mulf %47, %cst : tensor<128xf32, #rows>
      %49 = tile.dim %arg5, 0 : !tile.view<f32, 2>
      %50 = arith.extsi %49 : i32 to i64
      %51 = arith.cmpi sle, %30, %50 : i64
      %52 = arith.andi %31, %51 : i1
      %53 = tile.dim %arg5, 1 : !tile.view<f32, 2>
      %54 = arith.extsi %53 : i32 to i64
      %55 = arith.cmpi sle, %37, %54 : i64
      %56 = arith.andi %38, %55 : i1
      %57 = arith.andi %52, %56 : i1
      scf.if %57 {
        tile.store %48, %arg5[%3, %2] {in_bounds = array<i1: true, true>} : tensor<128xf32, #rows> -> !tile.view<f32, 2>
      } else {
        tile.store %48, %arg5[%3, %2] : tensor<128xf32, #rows> -> !tile.view<f32, 2>
      }
    }
    return
  }
}

