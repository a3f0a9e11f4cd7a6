#map = affine_map<()[s0, s1, s2] -> (s0 ceildiv 128, s2 ceildiv 128)>
#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @gemm(%arg0: !tile.view<f16, 2> {tile.name = "A", tile.role = "input", tile.shape = ["M", "K"]}, %arg1: !tile.view<f16, 2> {tile.name = "B", tile.role = "input", tile.shape = ["K", "N"]}, %arg2: !tile.view<f16, 2> {tile.name = "C", tile.role = "output", tile.shape = ["M", "N"]}) attributes {tile.constants = {BLOCK_K = 64 : i64, BLOCK_M = 128 : i64, BLOCK_N = 128 : i64, DTYPE = f16, NUM_STAGES = 3 : i64, NUM_WARPS = 4 : i64, OVERLAP_DOTS = false, PERSISTENT = false, WARP_SPECIALIZE = false}, tile.grid = #map, tile.kernel, tile.num_stages = 3 : i32, tile.num_warps = 4 : i32, tile.overlap_dots = false, tile.persistent = false, tile.sizes = ["M", "K", "N"], tile.warp_specialize = false, tilegpu.shared_bytes = 98352 : i64} {
    %c0_i64 = arith.constant 0 : i64
    %c128_i64 = arith.constant 128 : i64
    %c64_i32 = arith.constant 64 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %c128_i32 = arith.constant 128 : i32
    %0 = tile.dim %arg0, 1 : !tile.view<f16, 2>
    %1 = tile.program_id 0
    %2 = arith.muli %1, %c128_i32 : i32
    %3 = tile.program_id 1
    %4 = arith.muli %3, %c128_i32 : i32
    tilegpu.ring_init {buffer = 0 : i64, stages = 3 : i64, tilegpu.barrier_offset = 98304 : i64}
    tilegpu.ring_init {buffer = 1 : i64, stages = 3 : i64, tilegpu.barrier_offset = 98328 : i64}
    %c0_i32_0 = arith.constant 0 : i32
    %5 = arith.muli %c64_i32, %c0_i32_0 : i32
    %6 = arith.addi %c0_i32, %5 : i32
    %c0_i32_1 = arith.constant 0 : i32
    %7 = arith.cmpi slt, %6, %0 : i32
    tilegpu.async_load %arg0[%2, %6] stage %c0_i32_1 if %7 {buffer = 0 : i64, tilegpu.barrier_offset = 98304 : i64, tilegpu.shared_offset = 0 : i64, tilegpu.stages = 3 : i64, tilegpu.tma} : !tile.view<f16, 2> -> tensor<128x64xf16, #shared>
    tilegpu.async_load %arg1[%6, %4] stage %c0_i32_1 if %7 {buffer = 1 : i64, tilegpu.barrier_offset = 98328 : i64, tilegpu.shared_offset = 49152 : i64, tilegpu.stages = 3 : i64, tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x128xf16, #shared>
    tilegpu.async_commit
    %c1_i32 = arith.constant 1 : i32
    %8 = arith.muli %c64_i32, %c1_i32 : i32
    %9 = arith.addi %c0_i32, %8 : i32
    %c1_i32_2 = arith.constant 1 : i32
    %10 = arith.cmpi slt, %9, %0 : i32
    tilegpu.async_load %arg0[%2, %9] stage %c1_i32_2 if %10 {buffer = 0 : i64, tilegpu.barrier_offset = 98304 : i64, tilegpu.shared_offset = 0 : i64, tilegpu.stages = 3 : i64, tilegpu.tma} : !tile.view<f16, 2> -> tensor<128x64xf16, #shared>
    tilegpu.async_load %arg1[%9, %4] stage %c1_i32_2 if %10 {buffer = 1 : i64, tilegpu.barrier_offset = 98328 : i64, tilegpu.shared_offset = 49152 : i64, tilegpu.stages = 3 : i64, tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x128xf16, #shared>
    tilegpu.async_commit
    %11 = scf.for %arg3 = %c0_i32 to %0 step %c64_i32 iter_args(%arg4 = %cst) -> (tensor<128x128xf32, #mma>)  : i32 {
      %28 = arith.subi %arg3, %c0_i32 : i32
      %29 = arith.divsi %28, %c64_i32 : i32
      %c3_i32 = arith.constant 3 : i32
      %30 = arith.remsi %29, %c3_i32 : i32
      tilegpu.async_wait 1
      %c2_i32 = arith.constant 2 : i32
      %31 = arith.muli %c64_i32, %c2_i32 : i32
      %32 = arith.addi %arg3, %31 : i32
      %33 = arith.addi %29, %c2_i32 : i32
      %34 = arith.cmpi slt, %32, %0 : i32
      %c3_i32_3 = arith.constant 3 : i32
      %35 = arith.remsi %33, %c3_i32_3 : i32
      tilegpu.async_load %arg0[%2, %32] stage %35 if %34 {buffer = 0 : i64, tilegpu.barrier_offset = 98304 : i64, tilegpu.shared_offset = 0 : i64, tilegpu.stages = 3 : i64, tilegpu.tma} : !tile.view<f16, 2> -> tensor<128x64xf16, #shared>
      tilegpu.async_load %arg1[%32, %4] stage %35 if %34 {buffer = 1 : i64, tilegpu.barrier_offset = 98328 : i64, tilegpu.shared_offset = 49152 : i64, tilegpu.stages = 3 : i64, tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x128xf16, #shared>
      tilegpu.async_commit
      %36 = tilegpu.stage_view stage %30 {buffer = 0 : i64, tilegpu.shared_offset = 0 : i64, tilegpu.stages = 3 : i64} : tensor<128x64xf16, #shared>
      %37 = tilegpu.stage_view stage %30 {buffer = 1 : i64, tilegpu.shared_offset = 49152 : i64, tilegpu.stages = 3 : i64} : tensor<64x128xf16, #shared>
      %c3_i32_4 = arith.constant 3 : i32
      %38 = arith.divsi %29, %c3_i32_4 : i32
      %c2_i32_5 = arith.constant 2 : i32
      %39 = arith.remsi %38, %c2_i32_5 : i32
      tilegpu.stage_wait stage %30 phase %39 {buffer = 0 : i64, tilegpu.barrier_offset = 98304 : i64}
      %c3_i32_6 = arith.constant 3 : i32
      %40 = arith.divsi %29, %c3_i32_6 : i32
      %c2_i32_7 = arith.constant 2 : i32
      %41 = arith.remsi %40, %c2_i32_7 : i32
      tilegpu.stage_wait stage %30 phase %41 {buffer = 1 : i64, tilegpu.barrier_offset = 98328 : i64}
      %42 = tile.dot %36, %37, %arg4 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #shared>, tensor<64x128xf16, #shared> -> tensor<128x128xf32, #mma>
      %43 = tilegpu.dot_wait %42 {pendings = 0 : i32} : tensor<128x128xf32, #mma>
      scf.yield %43 : tensor<128x128xf32, #mma>
    }
    tilegpu.async_wait 0
    tilegpu.ring_inval {buffer = 0 : i64, stages = 3 : i64, tilegpu.barrier_offset = 98304 : i64}
    tilegpu.ring_inval {buffer = 1 : i64, stages = 3 : i64, tilegpu.barrier_offset = 98328 : i64}
    %12 = arith.truncf %11 : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
    %13 = arith.extsi %2 : i32 to i64
    %14 = tile.dim %arg2, 0 : !tile.view<f16, 2>
    %15 = arith.extsi %14 : i32 to i64
    %16 = arith.addi %13, %c128_i64 : i64
    %17 = arith.cmpi sge, %13, %c0_i64 : i64
    %18 = arith.cmpi sle, %16, %15 : i64
    %19 = arith.andi %17, %18 : i1
    %20 = arith.extsi %4 : i32 to i64
    %21 = tile.dim %arg2, 1 : !tile.view<f16, 2>
    %22 = arith.extsi %21 : i32 to i64
    %23 = arith.addi %20, %c128_i64 : i64
    %24 = arith.cmpi sge, %20, %c0_i64 : i64
    %25 = arith.cmpi sle, %23, %22 : i64
    %26 = arith.andi %24, %25 : i1
    %27 = arith.andi %19, %26 : i1
    scf.if %27 {
      tile.store %12, %arg2[%2, %4] {in_bounds = array<i1: true, true>} : tensor<128x128xf16, #mma> -> !tile.view<f16, 2>
    } else {
      tile.store %12, %arg2[%2, %4] : tensor<128x128xf16, #mma> -> !tile.view<f16, 2>
    }
    return
  }
}

