#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
#shared_t = #tilegpu.shared<transposed = true, swizzle = 128>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @kernel_asks(%arg0: !tile.view<f16, 2> {tile.role = "input"}, %arg1: !tile.view<f16, 2> {tile.role = "input"}, %arg2: !tile.view<f16, 2> {tile.role = "input"}, %arg3: !tile.view<f32, 2> {tile.role = "output"}, %arg4: i32) attributes {tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 4 : i32, tile.overlap_dots = true, tilegpu.shared_bytes = 49192 : i64} {
    %c64_i64 = arith.constant 64 : i64
    %cst = arith.constant dense<5.000000e-01> : tensor<64x64xf32, #mma>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    %0 = tile.load %arg0[%c0_i32, %c0_i32] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<64x64xf16, #mma>
    %c0_i32_3 = arith.constant 0 : i32
    %c3_i32 = arith.constant 3 : i32
    %1 = arith.remsi %c0_i32_3, %c3_i32 : i32
    %2 = tilegpu.stage_view stage %1 {buffer = 1 : i64, tilegpu.shared_offset = 8192 : i64, tilegpu.stages = 3 : i64} : tensor<64x64xf16, #shared>
    tilegpu.ring_init {buffer = 0 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49176 : i64}
    tilegpu.ring_init {buffer = 1 : i64, stages = 3 : i64, tilegpu.barrier_offset = 49152 : i64}
    %c0_i32_4 = arith.constant 0 : i32
    %3 = arith.muli %c64_i32, %c0_i32_4 : i32
    %4 = arith.addi %c0_i32, %3 : i32
    %c0_i32_5 = arith.constant 0 : i32
    %5 = arith.cmpi slt, %4, %arg4 : i32
    tilegpu.async_load %arg1[%4, %c0_i32] stage %c0_i32_5 if %5 {buffer = 0 : i64, tilegpu.barrier_offset = 49176 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    tilegpu.async_load %arg2[%4, %c0_i32] stage %c0_i32_5 if %5 {buffer = 1 : i64, tilegpu.barrier_offset = 49152 : i64, tilegpu.shared_offset = 8192 : i64, tilegpu.stages = 3 : i64, tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    tilegpu.async_commit
    %6 = arith.subi %arg4, %c0_i32 : i32
    %c0_i32_6 = arith.constant 0 : i32
    %7 = arith.maxsi %6, %c0_i32_6 : i32
    %8 = arith.ceildivsi %7, %c64_i32 : i32
    %c0_i32_7 = arith.constant 0 : i32
    %9 = arith.cmpi sgt, %8, %c0_i32_7 : i32
    scf.if %9 {
      %c3_i32_8 = arith.constant 3 : i32
      %24 = arith.divsi %c0_i32_3, %c3_i32_8 : i32
      %c3_i32_9 = arith.constant 3 : i32
      %25 = arith.remsi %c0_i32_3, %c3_i32_9 : i32
      %c2_i32 = arith.constant 2 : i32
      %26 = arith.remsi %24, %c2_i32 : i32
      tilegpu.stage_wait stage %25 phase %26 {buffer = 1 : i64, tilegpu.barrier_offset = 49152 : i64}
    }
    %10 = arith.addi %c0_i32_3, %8 : i32
    %11 = arith.cmpi slt, %c0_i32, %arg4 : i32
    %12:3 = scf.if %11 -> (tensor<64x64xf32, #mma>, tensor<64x64xf16, #mma>, tensor<64x64xf16, #shared>) {
      %24 = arith.subi %c0_i32, %c0_i32 : i32
      %25 = arith.divsi %24, %c64_i32 : i32
      %c2_i32 = arith.constant 2 : i32
      %26 = arith.remsi %25, %c2_i32 : i32
      %c3_i32_8 = arith.constant 3 : i32
      %27 = arith.remsi %25, %c3_i32_8 : i32
      tilegpu.async_wait 0
      %c1_i32 = arith.constant 1 : i32
      %28 = arith.muli %c64_i32, %c1_i32 : i32
      %29 = arith.addi %c0_i32, %28 : i32
      %30 = arith.addi %25, %c1_i32 : i32
      %31 = arith.cmpi slt, %29, %arg4 : i32
      %c2_i32_9 = arith.constant 2 : i32
      %32 = arith.remsi %30, %c2_i32_9 : i32
      tilegpu.async_load %arg1[%29, %c0_i32] stage %32 if %31 {buffer = 0 : i64, tilegpu.barrier_offset = 49176 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
      %c3_i32_10 = arith.constant 3 : i32
      %33 = arith.remsi %30, %c3_i32_10 : i32
      tilegpu.async_load %arg2[%29, %c0_i32] stage %33 if %31 {buffer = 1 : i64, tilegpu.barrier_offset = 49152 : i64, tilegpu.shared_offset = 8192 : i64, tilegpu.stages = 3 : i64, tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
      tilegpu.async_commit
      %34 = tilegpu.stage_view stage %26 {buffer = 0 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %35 = tilegpu.stage_view stage %27 {buffer = 1 : i64, tilegpu.shared_offset = 8192 : i64, tilegpu.stages = 3 : i64} : tensor<64x64xf16, #shared>
      %c2_i32_11 = arith.constant 2 : i32
      %36 = arith.divsi %25, %c2_i32_11 : i32
      %c2_i32_12 = arith.constant 2 : i32
      %37 = arith.remsi %36, %c2_i32_12 : i32
      tilegpu.stage_wait stage %26 phase %37 {buffer = 0 : i64, tilegpu.barrier_offset = 49176 : i64}
      %38 = tile.trans %34 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
      %39 = tile.dot %0, %38, %cst_1 {tilegpu.async, tilegpu.wgmma} : tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<64x64xf32, #mma>
      %40 = tilegpu.dot_wait %39 {pendings = 0 : i32} : tensor<64x64xf32, #mma>
      %41 = math.exp2 %40 : tensor<64x64xf32, #mma>
      %42 = arith.mulf %cst_0, %cst : tensor<64x64xf32, #mma>
      %43 = arith.truncf %41 : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
      %c3_i32_13 = arith.constant 3 : i32
      %44 = arith.divsi %25, %c3_i32_13 : i32
      %c2_i32_14 = arith.constant 2 : i32
      %45 = arith.remsi %44, %c2_i32_14 : i32
      tilegpu.stage_wait stage %27 phase %45 {buffer = 1 : i64, tilegpu.barrier_offset = 49152 : i64}
      scf.yield %42, %43, %35 : tensor<64x64xf32, #mma>, tensor<64x64xf16, #mma>, tensor<64x64xf16, #shared>
    } else {
      scf.yield %cst_0, %cst_2, %2 : tensor<64x64xf32, #mma>, tensor<64x64xf16, #mma>, tensor<64x64xf16, #shared>
    }
    %13 = arith.addi %c0_i32, %c64_i32 : i32
    %14:3 = scf.for %arg5 = %13 to %arg4 step %c64_i32 iter_args(%arg6 = %12#0, %arg7 = %12#1, %arg8 = %12#2) -> (tensor<64x64xf32, #mma>, tensor<64x64xf16, #mma>, tensor<64x64xf16, #shared>)  : i32 {
      %24 = arith.subi %arg5, %c0_i32 : i32
      %25 = arith.divsi %24, %c64_i32 : i32
      %c2_i32 = arith.constant 2 : i32
      %26 = arith.remsi %25, %c2_i32 : i32
      %c3_i32_8 = arith.constant 3 : i32
      %27 = arith.remsi %25, %c3_i32_8 : i32
      tilegpu.async_wait 0
      %c1_i32 = arith.constant 1 : i32
      %28 = arith.muli %c64_i32, %c1_i32 : i32
      %29 = arith.addi %arg5, %28 : i32
      %30 = arith.addi %25, %c1_i32 : i32
      %31 = arith.cmpi slt, %29, %arg4 : i32
      %c2_i32_9 = arith.constant 2 : i32
      %32 = arith.remsi %30, %c2_i32_9 : i32
      tilegpu.async_load %arg1[%29, %c0_i32] stage %32 if %31 {buffer = 0 : i64, tilegpu.barrier_offset = 49176 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
      %c3_i32_10 = arith.constant 3 : i32
      %33 = arith.remsi %30, %c3_i32_10 : i32
      tilegpu.async_load %arg2[%29, %c0_i32] stage %33 if %31 {buffer = 1 : i64, tilegpu.barrier_offset = 49152 : i64, tilegpu.shared_offset = 8192 : i64, tilegpu.stages = 3 : i64, tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
      tilegpu.async_commit
      %34 = tilegpu.stage_view stage %26 {buffer = 0 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
      %35 = tilegpu.stage_view stage %27 {buffer = 1 : i64, tilegpu.shared_offset = 8192 : i64, tilegpu.stages = 3 : i64} : tensor<64x64xf16, #shared>
      %c2_i32_11 = arith.constant 2 : i32
      %36 = arith.divsi %25, %c2_i32_11 : i32
      %c2_i32_12 = arith.constant 2 : i32
      %37 = arith.remsi %36, %c2_i32_12 : i32
      tilegpu.stage_wait stage %26 phase %37 {buffer = 0 : i64, tilegpu.barrier_offset = 49176 : i64}
      %38 = tile.trans %34 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
      %39 = tile.dot %0, %38, %cst_1 {tilegpu.async, tilegpu.wgmma} : tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<64x64xf32, #mma>
      %40 = tile.dot %arg7, %arg8, %arg6 {tilegpu.async, tilegpu.rotated, tilegpu.wgmma} : tensor<64x64xf16, #mma>, tensor<64x64xf16, #shared> -> tensor<64x64xf32, #mma>
      %41 = tilegpu.dot_wait %39 {pendings = 1 : i32} : tensor<64x64xf32, #mma>
      %42 = math.exp2 %41 : tensor<64x64xf32, #mma>
      %43 = tilegpu.dot_wait %40 {pendings = 0 : i32} : tensor<64x64xf32, #mma>
      %44 = arith.mulf %43, %cst : tensor<64x64xf32, #mma>
      %45 = arith.truncf %42 : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
      %c3_i32_13 = arith.constant 3 : i32
      %46 = arith.divsi %25, %c3_i32_13 : i32
      %c2_i32_14 = arith.constant 2 : i32
      %47 = arith.remsi %46, %c2_i32_14 : i32
      tilegpu.stage_wait stage %27 phase %47 {buffer = 1 : i64, tilegpu.barrier_offset = 49152 : i64}
      scf.yield %44, %45, %35 : tensor<64x64xf32, #mma>, tensor<64x64xf16, #mma>, tensor<64x64xf16, #shared>
    }
    tilegpu.async_wait 0
    tilegpu.ring_inval {buffer = 0 : i64, stages = 2 : i64, tilegpu.barrier_offset = 49176 : i64}
    tilegpu.ring_inval {buffer = 1 : i64, stages = 3 : i64, tilegpu.barrier_offset = 49152 : i64}
    %15 = arith.cmpi ne, %10, %c0_i32_3 : i32
    %16 = scf.if %15 -> (tensor<64x64xf32, #mma>) {
      %24 = tile.dot %14#1, %14#2, %14#0 {tilegpu.async, tilegpu.wgmma} : tensor<64x64xf16, #mma>, tensor<64x64xf16, #shared> -> tensor<64x64xf32, #mma>
      %25 = tilegpu.dot_wait %24 {pendings = 0 : i32} : tensor<64x64xf32, #mma>
      scf.yield %25 : tensor<64x64xf32, #mma>
    } else {
      scf.yield %14#0 : tensor<64x64xf32, #mma>
    }
    %17 = tile.dim %arg3, 0 : !tile.view<f32, 2>
    %18 = arith.extsi %17 : i32 to i64
    %19 = arith.cmpi sge, %18, %c64_i64 : i64
    %20 = tile.dim %arg3, 1 : !tile.view<f32, 2>
    %21 = arith.extsi %20 : i32 to i64
    %22 = arith.cmpi sge, %21, %c64_i64 : i64
    %23 = arith.andi %19, %22 : i1
    scf.if %23 {
      tile.store %16, %arg3[%c0_i32, %c0_i32] {in_bounds = array<i1: true, true>} : tensor<64x64xf32, #mma> -> !tile.view<f32, 2>
    } else {
      tile.store %16, %arg3[%c0_i32, %c0_i32] : tensor<64x64xf32, #mma> -> !tile.view<f32, 2>
    }
    return
  }
}

