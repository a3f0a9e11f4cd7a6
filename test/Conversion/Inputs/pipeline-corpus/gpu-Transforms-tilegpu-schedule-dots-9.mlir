#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @unpipelined_operand(%arg0: !tile.view<f16, 2> {tile.role = "input"}, %arg1: !tile.view<f16, 2> {tile.role = "input"}, %arg2: !tile.view<f32, 2> {tile.role = "output"}, %arg3: i32) attributes {tile.kernel, tile.num_stages = 3 : i32, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 32792 : i64} {
    %c64_i64 = arith.constant 64 : i64
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    tilegpu.ring_init {buffer = 0 : i64, stages = 3 : i64, tilegpu.barrier_offset = 32768 : i64}
    %c0_i32_0 = arith.constant 0 : i32
    %0 = arith.muli %c64_i32, %c0_i32_0 : i32
    %1 = arith.addi %c0_i32, %0 : i32
    %c0_i32_1 = arith.constant 0 : i32
    %2 = arith.cmpi slt, %1, %arg3 : i32
    tilegpu.async_load %arg1[%1, %c0_i32] stage %c0_i32_1 if %2 {buffer = 0 : i64, tilegpu.barrier_offset = 32768 : i64, tilegpu.shared_offset = 0 : i64, tilegpu.stages = 3 : i64, tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    tilegpu.async_commit
    %c1_i32 = arith.constant 1 : i32
    %3 = arith.muli %c64_i32, %c1_i32 : i32
    %4 = arith.addi %c0_i32, %3 : i32
    %c1_i32_2 = arith.constant 1 : i32
    %5 = arith.cmpi slt, %4, %arg3 : i32
    tilegpu.async_load %arg1[%4, %c0_i32] stage %c1_i32_2 if %5 {buffer = 0 : i64, tilegpu.barrier_offset = 32768 : i64, tilegpu.shared_offset = 0 : i64, tilegpu.stages = 3 : i64, tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    tilegpu.async_commit
    %6:2 = scf.for %arg4 = %c0_i32 to %arg3 step %c64_i32 iter_args(%arg5 = %cst, %arg6 = %c0_i32) -> (tensor<64x64xf32, #mma>, i32)  : i32 {
      %14 = arith.subi %arg4, %c0_i32 : i32
      %15 = arith.divsi %14, %c64_i32 : i32
      %c3_i32 = arith.constant 3 : i32
      %16 = arith.remsi %15, %c3_i32 : i32
      tilegpu.async_wait 1
      %c2_i32 = arith.constant 2 : i32
      %17 = arith.muli %c64_i32, %c2_i32 : i32
      %18 = arith.addi %arg4, %17 : i32
      %19 = arith.addi %15, %c2_i32 : i32
      %20 = arith.cmpi slt, %18, %arg3 : i32
      %c3_i32_3 = arith.constant 3 : i32
      %21 = arith.remsi %19, %c3_i32_3 : i32
      tilegpu.async_load %arg1[%18, %c0_i32] stage %21 if %20 {buffer = 0 : i64, tilegpu.barrier_offset = 32768 : i64, tilegpu.shared_offset = 0 : i64, tilegpu.stages = 3 : i64, tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
      tilegpu.async_commit
      %22 = tile.load %arg0[%c0_i32, %arg6] {tilegpu.shared_offset = 24576 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
      %23 = tilegpu.stage_view stage %16 {buffer = 0 : i64, tilegpu.shared_offset = 0 : i64, tilegpu.stages = 3 : i64} : tensor<64x64xf16, #shared>
      %c3_i32_4 = arith.constant 3 : i32
      %24 = arith.divsi %15, %c3_i32_4 : i32
      %c2_i32_5 = arith.constant 2 : i32
      %25 = arith.remsi %24, %c2_i32_5 : i32
      tilegpu.stage_wait stage %16 phase %25 {buffer = 0 : i64, tilegpu.barrier_offset = 32768 : i64}
      %26 = tile.dot %22, %23, %arg5 {tilegpu.async, tilegpu.wgmma} : tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared> -> tensor<64x64xf32, #mma>
      %27 = arith.addi %arg6, %c64_i32 : i32
      %28 = tilegpu.dot_wait %26 {pendings = 0 : i32} : tensor<64x64xf32, #mma>
      scf.yield %28, %27 : tensor<64x64xf32, #mma>, i32
    }
    tilegpu.async_wait 0
    tilegpu.ring_inval {buffer = 0 : i64, stages = 3 : i64, tilegpu.barrier_offset = 32768 : i64}
    %7 = tile.dim %arg2, 0 : !tile.view<f32, 2>
    %8 = arith.extsi %7 : i32 to i64
    %9 = arith.cmpi sge, %8, %c64_i64 : i64
    %10 = tile.dim %arg2, 1 : !tile.view<f32, 2>
    %11 = arith.extsi %10 : i32 to i64
    %12 = arith.cmpi sge, %11, %c64_i64 : i64
    %13 = arith.andi %9, %12 : i1
    scf.if %13 {
      tile.store %6#0, %arg2[%c0_i32, %c0_i32] {in_bounds = array<i1: true, true>} : tensor<64x64xf32, #mma> -> !tile.view<f32, 2>
    } else {
      tile.store %6#0, %arg2[%c0_i32, %c0_i32] : tensor<64x64xf32, #mma> -> !tile.view<f32, 2>
    }
    return
  }
}

