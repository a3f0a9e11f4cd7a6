#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
#shared_t = #tilegpu.shared<transposed = true, swizzle = 128>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @paged(%arg0: !tile.view<f16, 3> {tile.role = "input"}, %arg1: !tile.view<i32, 1> {tile.role = "input"}, %arg2: !tile.view<f32, 2> {tile.role = "output"}, %arg3: i32) attributes {tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 24592 : i64} {
    %c64_i64 = arith.constant 64 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %0 = tile.load %arg0[%c0_i32, %c0_i32, %c0_i32] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
    tilegpu.ring_init {buffer = 0 : i64, stages = 2 : i64, tilegpu.barrier_offset = 24576 : i64}
    %c0_i32_0 = arith.constant 0 : i32
    %1 = arith.muli %c1_i32, %c0_i32_0 : i32
    %2 = arith.addi %c0_i32, %1 : i32
    %c0_i32_1 = arith.constant 0 : i32
    %3 = arith.cmpi slt, %2, %arg3 : i32
    %4 = tile.load_scalar %arg1[%2] : !tile.view<i32, 1> -> i32
    tilegpu.async_load %arg0[%4, %c0_i32, %c0_i32] stage %c0_i32_1 if %3 {buffer = 0 : i64, tilegpu.barrier_offset = 24576 : i64, tilegpu.shared_offset = 8192 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
    tilegpu.async_commit
    %5 = scf.for %arg4 = %c0_i32 to %arg3 step %c1_i32 iter_args(%arg5 = %cst) -> (tensor<64x64xf32, #mma>)  : i32 {
      %13 = arith.subi %arg4, %c0_i32 : i32
      %14 = arith.divsi %13, %c1_i32 : i32
      %c2_i32 = arith.constant 2 : i32
      %15 = arith.remsi %14, %c2_i32 : i32
      tilegpu.async_wait 0
      %c1_i32_2 = arith.constant 1 : i32
      %16 = arith.muli %c1_i32, %c1_i32_2 : i32
      %17 = arith.addi %arg4, %16 : i32
      %18 = arith.addi %14, %c1_i32_2 : i32
      %19 = arith.cmpi slt, %17, %arg3 : i32
      %c2_i32_3 = arith.constant 2 : i32
      %20 = arith.remsi %18, %c2_i32_3 : i32
      %21 = tile.load_scalar %arg1[%17] : !tile.view<i32, 1> -> i32
      tilegpu.async_load %arg0[%21, %c0_i32, %c0_i32] stage %20 if %19 {buffer = 0 : i64, tilegpu.barrier_offset = 24576 : i64, tilegpu.shared_offset = 8192 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
      tilegpu.async_commit
      %22 = tilegpu.stage_view stage %15 {buffer = 0 : i64, tilegpu.shared_offset = 8192 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %c2_i32_4 = arith.constant 2 : i32
      %23 = arith.divsi %14, %c2_i32_4 : i32
      %c2_i32_5 = arith.constant 2 : i32
      %24 = arith.remsi %23, %c2_i32_5 : i32
      tilegpu.stage_wait stage %15 phase %24 {buffer = 0 : i64, tilegpu.barrier_offset = 24576 : i64}
      %25 = tile.trans %22 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
      %26 = tile.dot %0, %25, %arg5 {tilegpu.async, tilegpu.wgmma} : tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<64x64xf32, #mma>
      %27 = tilegpu.dot_wait %26 {pendings = 0 : i32} : tensor<64x64xf32, #mma>
      scf.yield %27 : tensor<64x64xf32, #mma>
    }
    tilegpu.async_wait 0
    tilegpu.ring_inval {buffer = 0 : i64, stages = 2 : i64, tilegpu.barrier_offset = 24576 : i64}
    %6 = tile.dim %arg2, 0 : !tile.view<f32, 2>
    %7 = arith.extsi %6 : i32 to i64
    %8 = arith.cmpi sge, %7, %c64_i64 : i64
    %9 = tile.dim %arg2, 1 : !tile.view<f32, 2>
    %10 = arith.extsi %9 : i32 to i64
    %11 = arith.cmpi sge, %10, %c64_i64 : i64
    %12 = arith.andi %8, %11 : i1
    scf.if %12 {
      tile.store %5, %arg2[%c0_i32, %c0_i32] {in_bounds = array<i1: true, true>} : tensor<64x64xf32, #mma> -> !tile.view<f32, 2>
    } else {
      tile.store %5, %arg2[%c0_i32, %c0_i32] : tensor<64x64xf32, #mma> -> !tile.view<f32, 2>
    }
    return
  }
}

