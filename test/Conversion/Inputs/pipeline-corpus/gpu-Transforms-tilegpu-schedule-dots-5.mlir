#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
#shared_t = #tilegpu.shared<transposed = true, swizzle = 128>
#rows = #tilegpu.slice<dim = 1, parent = #mma>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @row_max_branch(%arg0: !tile.view<f16, 2> {tile.role = "input"}, %arg1: !tile.view<f16, 2> {tile.role = "input"}, %arg2: !tile.view<f16, 2> {tile.role = "input"}, %arg3: !tile.view<f32, 2> {tile.role = "output"}, %arg4: i32, %arg5: f32) attributes {tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 40992 : i64} {
    %c64_i64 = arith.constant 64 : i64
    %cst = arith.constant dense<5.000000e-01> : tensor<64x64xf32, #mma>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    %cst_2 = arith.constant 0.000000e+00 : f32
    %0 = tile.load %arg0[%c0_i32, %c0_i32] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    tilegpu.ring_init {buffer = 0 : i64, stages = 2 : i64, tilegpu.barrier_offset = 40960 : i64}
    tilegpu.ring_init {buffer = 1 : i64, stages = 2 : i64, tilegpu.barrier_offset = 40976 : i64}
    %c0_i32_3 = arith.constant 0 : i32
    %1 = arith.muli %c64_i32, %c0_i32_3 : i32
    %2 = arith.addi %c0_i32, %1 : i32
    %c0_i32_4 = arith.constant 0 : i32
    %3 = arith.cmpi slt, %2, %arg4 : i32
    tilegpu.async_load %arg1[%2, %c0_i32] stage %c0_i32_4 if %3 {buffer = 0 : i64, tilegpu.barrier_offset = 40960 : i64, tilegpu.shared_offset = 8192 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    tilegpu.async_load %arg2[%2, %c0_i32] stage %c0_i32_4 if %3 {buffer = 1 : i64, tilegpu.barrier_offset = 40976 : i64, tilegpu.shared_offset = 24576 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    tilegpu.async_commit
    %4 = scf.for %arg6 = %c0_i32 to %arg4 step %c64_i32 iter_args(%arg7 = %cst_0) -> (tensor<64x64xf32, #mma>)  : i32 {
      %12 = arith.subi %arg6, %c0_i32 : i32
      %13 = arith.divsi %12, %c64_i32 : i32
      %c2_i32 = arith.constant 2 : i32
      %14 = arith.remsi %13, %c2_i32 : i32
      tilegpu.async_wait 0
      %c1_i32 = arith.constant 1 : i32
      %15 = arith.muli %c64_i32, %c1_i32 : i32
      %16 = arith.addi %arg6, %15 : i32
      %17 = arith.addi %13, %c1_i32 : i32
      %18 = arith.cmpi slt, %16, %arg4 : i32
      %c2_i32_5 = arith.constant 2 : i32
      %19 = arith.remsi %17, %c2_i32_5 : i32
      tilegpu.async_load %arg1[%16, %c0_i32] stage %19 if %18 {buffer = 0 : i64, tilegpu.barrier_offset = 40960 : i64, tilegpu.shared_offset = 8192 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
      tilegpu.async_load %arg2[%16, %c0_i32] stage %19 if %18 {buffer = 1 : i64, tilegpu.barrier_offset = 40976 : i64, tilegpu.shared_offset = 24576 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
      tilegpu.async_commit
      %20 = tilegpu.stage_view stage %14 {buffer = 0 : i64, tilegpu.shared_offset = 8192 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %21 = tilegpu.stage_view stage %14 {buffer = 1 : i64, tilegpu.shared_offset = 24576 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %c2_i32_6 = arith.constant 2 : i32
      %22 = arith.divsi %13, %c2_i32_6 : i32
      %c2_i32_7 = arith.constant 2 : i32
      %23 = arith.remsi %22, %c2_i32_7 : i32
      tilegpu.stage_wait stage %14 phase %23 {buffer = 0 : i64, tilegpu.barrier_offset = 40960 : i64}
      %24 = tile.trans %20 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
      %25 = tile.dot %0, %24, %cst_1 {tilegpu.async, tilegpu.wgmma} : tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<64x64xf32, #mma>
      %26 = arith.cmpf oge, %arg5, %cst_2 : f32
      %27 = tilegpu.dot_wait %25 {pendings = 0 : i32} : tensor<64x64xf32, #mma>
      %28 = scf.if %26 -> (tensor<64xf32, #rows>) {
        %39 = tile.reduce max %27 axis 1 : tensor<64x64xf32, #mma> -> tensor<64xf32, #rows>
        scf.yield %39 : tensor<64xf32, #rows>
      } else {
        %39 = tile.reduce min %27 axis 1 : tensor<64x64xf32, #mma> -> tensor<64xf32, #rows>
        scf.yield %39 : tensor<64xf32, #rows>
      }
      %29 = tile.expand_dims %28 axis 1 : tensor<64xf32, #rows> -> tensor<64x1xf32, #rows>
      %30 = tile.broadcast %29 : tensor<64x1xf32, #rows> -> tensor<64x64xf32, #mma>
      %31 = arith.subf %27, %30 : tensor<64x64xf32, #mma>
      %32 = math.exp2 %31 : tensor<64x64xf32, #mma>
      %33 = arith.mulf %arg7, %cst : tensor<64x64xf32, #mma>
      %34 = arith.truncf %32 : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
      %c2_i32_8 = arith.constant 2 : i32
      %35 = arith.divsi %13, %c2_i32_8 : i32
      %c2_i32_9 = arith.constant 2 : i32
      %36 = arith.remsi %35, %c2_i32_9 : i32
      tilegpu.stage_wait stage %14 phase %36 {buffer = 1 : i64, tilegpu.barrier_offset = 40976 : i64}
      %37 = tile.dot %34, %21, %33 {tilegpu.async, tilegpu.wgmma} : tensor<64x64xf16, #mma>, tensor<64x64xf16, #shared> -> tensor<64x64xf32, #mma>
      %38 = tilegpu.dot_wait %37 {pendings = 0 : i32} : tensor<64x64xf32, #mma>
      scf.yield %38 : tensor<64x64xf32, #mma>
    }
    tilegpu.async_wait 0
    tilegpu.ring_inval {buffer = 0 : i64, stages = 2 : i64, tilegpu.barrier_offset = 40960 : i64}
    tilegpu.ring_inval {buffer = 1 : i64, stages = 2 : i64, tilegpu.barrier_offset = 40976 : i64}
    %5 = tile.dim %arg3, 0 : !tile.view<f32, 2>
    %6 = arith.extsi %5 : i32 to i64
    %7 = arith.cmpi sge, %6, %c64_i64 : i64
    %8 = tile.dim %arg3, 1 : !tile.view<f32, 2>
    %9 = arith.extsi %8 : i32 to i64
    %10 = arith.cmpi sge, %9, %c64_i64 : i64
    %11 = arith.andi %7, %10 : i1
    scf.if %11 {
      tile.store %4, %arg3[%c0_i32, %c0_i32] {in_bounds = array<i1: true, true>} : tensor<64x64xf32, #mma> -> !tile.view<f32, 2>
    } else {
      tile.store %4, %arg3[%c0_i32, %c0_i32] : tensor<64x64xf32, #mma> -> !tile.view<f32, 2>
    }
    return
  }
}

