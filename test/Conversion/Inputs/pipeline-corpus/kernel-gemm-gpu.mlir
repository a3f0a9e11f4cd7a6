#map = affine_map<()[s0, s1, s2] -> (s0 ceildiv 128, s2 ceildiv 128)>
#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @gemm(%arg0: !tile.view<f16, 2> {tile.name = "A", tile.role = "input", tile.shape = ["M", "K"]}, %arg1: !tile.view<f16, 2> {tile.name = "B", tile.role = "input", tile.shape = ["K", "N"]}, %arg2: !tile.view<f16, 2> {tile.name = "C", tile.role = "output", tile.shape = ["M", "N"]}) attributes {tile.constants = {BLOCK_K = 64 : i64, BLOCK_M = 128 : i64, BLOCK_N = 128 : i64, DTYPE = f16, NUM_STAGES = 3 : i64, NUM_WARPS = 4 : i64, OVERLAP_DOTS = false, WARP_SPECIALIZE = false}, tile.grid = #map, tile.kernel, tile.num_stages = 3 : i32, tile.num_warps = 4 : i32, tile.overlap_dots = false, tile.sizes = ["M", "K", "N"], tile.warp_specialize = false, tilegpu.shared_bytes = 98352 : i64} {
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
      %13 = arith.subi %arg3, %c0_i32 : i32
      %14 = arith.divsi %13, %c64_i32 : i32
      %c3_i32 = arith.constant 3 : i32
      %15 = arith.remsi %14, %c3_i32 : i32
      tilegpu.async_wait 1
      %c2_i32 = arith.constant 2 : i32
      %16 = arith.muli %c64_i32, %c2_i32 : i32
      %17 = arith.addi %arg3, %16 : i32
      %18 = arith.addi %14, %c2_i32 : i32
      %19 = arith.cmpi slt, %17, %0 : i32
      %c3_i32_3 = arith.constant 3 : i32
      %20 = arith.remsi %18, %c3_i32_3 : i32
      tilegpu.async_load %arg0[%2, %17] stage %20 if %19 {buffer = 0 : i64, tilegpu.barrier_offset = 98304 : i64, tilegpu.shared_offset = 0 : i64, tilegpu.stages = 3 : i64, tilegpu.tma} : !tile.view<f16, 2> -> tensor<128x64xf16, #shared>
      tilegpu.async_load %arg1[%17, %4] stage %20 if %19 {buffer = 1 : i64, tilegpu.barrier_offset = 98328 : i64, tilegpu.shared_offset = 49152 : i64, tilegpu.stages = 3 : i64, tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x128xf16, #shared>
      tilegpu.async_commit
      %21 = tilegpu.stage_view stage %15 {buffer = 0 : i64, tilegpu.shared_offset = 0 : i64, tilegpu.stages = 3 : i64} : tensor<128x64xf16, #shared>
      %22 = tilegpu.stage_view stage %15 {buffer = 1 : i64, tilegpu.shared_offset = 49152 : i64, tilegpu.stages = 3 : i64} : tensor<64x128xf16, #shared>
      %c3_i32_4 = arith.constant 3 : i32
      %23 = arith.divsi %14, %c3_i32_4 : i32
      %c2_i32_5 = arith.constant 2 : i32
      %24 = arith.remsi %23, %c2_i32_5 : i32
      tilegpu.stage_wait stage %15 phase %24 {buffer = 0 : i64, tilegpu.barrier_offset = 98304 : i64}
      %c3_i32_6 = arith.constant 3 : i32
      %25 = arith.divsi %14, %c3_i32_6 : i32
      %c2_i32_7 = arith.constant 2 : i32
      %26 = arith.remsi %25, %c2_i32_7 : i32
      tilegpu.stage_wait stage %15 phase %26 {buffer = 1 : i64, tilegpu.barrier_offset = 98328 : i64}
      %27 = tile.dot %21, %22, %arg4 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #shared>, tensor<64x128xf16, #shared> -> tensor<128x128xf32, #mma>
      %28 = tilegpu.dot_wait %27 {pendings = 0 : i32} : tensor<128x128xf32, #mma>
      scf.yield %28 : tensor<128x128xf32, #mma>
    }
    tilegpu.async_wait 0
    tilegpu.ring_inval {buffer = 0 : i64, stages = 3 : i64, tilegpu.barrier_offset = 98304 : i64}
    tilegpu.ring_inval {buffer = 1 : i64, stages = 3 : i64, tilegpu.barrier_offset = 98328 : i64}
    %12 = arith.truncf %11 : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
    tile.store %12, %arg2[%2, %4] : tensor<128x128xf16, #mma> -> !tile.view<f16, 2>
    return
  }
}

