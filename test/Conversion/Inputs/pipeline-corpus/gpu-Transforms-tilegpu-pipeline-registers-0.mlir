#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
#shared_t = #tilegpu.shared<transposed = true, swizzle = 128>
#cols = #tilegpu.slice<dim = 0, parent = #mma>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @row_vector(%arg0: !tile.view<f16, 2> {tile.role = "input"}, %arg1: !tile.view<f32, 1> {tile.role = "input"}, %arg2: !tile.view<f32, 2> {tile.role = "output"}, %arg3: i32) attributes {tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 4 : i32, tile.prefetch_registers = true, tilegpu.shared_bytes = 24592 : i64} {
    %c64_i64 = arith.constant 64 : i64
    %cst = arith.constant dense<1.44269502> : tensor<64xf32, #cols>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    %0 = tile.load %arg0[%c0_i32, %c0_i32] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    tilegpu.ring_init {buffer = 0 : i64, stages = 2 : i64, tilegpu.barrier_offset = 24576 : i64}
    %c0_i32_1 = arith.constant 0 : i32
    %1 = arith.muli %c64_i32, %c0_i32_1 : i32
    %2 = arith.addi %c0_i32, %1 : i32
    %c0_i32_2 = arith.constant 0 : i32
    %3 = arith.cmpi slt, %2, %arg3 : i32
    tilegpu.async_load %arg0[%2, %c0_i32] stage %c0_i32_2 if %3 {buffer = 0 : i64, tilegpu.barrier_offset = 24576 : i64, tilegpu.shared_offset = 8192 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    tilegpu.async_commit
    %4 = tile.load %arg1[%c0_i32] : !tile.view<f32, 1> -> tensor<64xf32, #cols>
    %5:2 = scf.for %arg4 = %c0_i32 to %arg3 step %c64_i32 iter_args(%arg5 = %cst_0, %arg6 = %4) -> (tensor<64x64xf32, #mma>, tensor<64xf32, #cols>)  : i32 {
      %13 = arith.subi %arg4, %c0_i32 : i32
      %14 = arith.divsi %13, %c64_i32 : i32
      %c2_i32 = arith.constant 2 : i32
      %15 = arith.remsi %14, %c2_i32 : i32
      tilegpu.async_wait 0
      %c1_i32 = arith.constant 1 : i32
      %16 = arith.muli %c64_i32, %c1_i32 : i32
      %17 = arith.addi %arg4, %16 : i32
      %18 = arith.addi %14, %c1_i32 : i32
      %19 = arith.cmpi slt, %17, %arg3 : i32
      %c2_i32_3 = arith.constant 2 : i32
      %20 = arith.remsi %18, %c2_i32_3 : i32
      tilegpu.async_load %arg0[%17, %c0_i32] stage %20 if %19 {buffer = 0 : i64, tilegpu.barrier_offset = 24576 : i64, tilegpu.shared_offset = 8192 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
      tilegpu.async_commit
      %21 = tilegpu.stage_view stage %15 {buffer = 0 : i64, tilegpu.shared_offset = 8192 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %22 = arith.mulf %arg6, %cst : tensor<64xf32, #cols>
      %23 = tile.expand_dims %22 axis 0 : tensor<64xf32, #cols> -> tensor<1x64xf32, #cols>
      %24 = tile.broadcast %23 : tensor<1x64xf32, #cols> -> tensor<64x64xf32, #mma>
      %c2_i32_4 = arith.constant 2 : i32
      %25 = arith.divsi %14, %c2_i32_4 : i32
      %c2_i32_5 = arith.constant 2 : i32
      %26 = arith.remsi %25, %c2_i32_5 : i32
      tilegpu.stage_wait stage %15 phase %26 {buffer = 0 : i64, tilegpu.barrier_offset = 24576 : i64}
      %27 = tile.trans %21 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
      %28 = tile.dot %0, %27, %arg5 {tilegpu.async, tilegpu.wgmma} : tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<64x64xf32, #mma>
      %29 = tilegpu.dot_wait %28 {pendings = 0 : i32} : tensor<64x64xf32, #mma>
      %30 = arith.subf %29, %24 : tensor<64x64xf32, #mma>
      %31 = arith.addi %arg4, %c64_i32 : i32
      %32 = tile.load %arg1[%31] : !tile.view<f32, 1> -> tensor<64xf32, #cols>
      %33 = arith.truncf %30 : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
      %34 = tile.dot %33, %21, %30 {tilegpu.async, tilegpu.wgmma} : tensor<64x64xf16, #mma>, tensor<64x64xf16, #shared> -> tensor<64x64xf32, #mma>
      %35 = tilegpu.dot_wait %34 {pendings = 0 : i32} : tensor<64x64xf32, #mma>
      scf.yield %35, %32 : tensor<64x64xf32, #mma>, tensor<64xf32, #cols>
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
      tile.store %5#0, %arg2[%c0_i32, %c0_i32] {in_bounds = array<i1: true, true>} : tensor<64x64xf32, #mma> -> !tile.view<f32, 2>
    } else {
      tile.store %5#0, %arg2[%c0_i32, %c0_i32] : tensor<64x64xf32, #mma> -> !tile.view<f32, 2>
    }
    return
  }
}

