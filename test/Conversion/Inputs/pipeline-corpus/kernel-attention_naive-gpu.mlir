#map = affine_map<()[s0, s1] -> (s1 ceildiv 64, s0)>
#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
#shared_t = #tilegpu.shared<transposed = true, swizzle = 128>
#cols = #tilegpu.slice<dim = 0, parent = #mma>
#rows = #tilegpu.slice<dim = 1, parent = #mma>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @attention_naive(%arg0: !tile.view<f16, 3> {tile.name = "Q", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg1: !tile.view<f16, 3> {tile.name = "K", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg2: !tile.view<f16, 3> {tile.name = "V", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg3: f32 {tile.name = "sm_scale"}, %arg4: !tile.view<f16, 3> {tile.name = "Out", tile.role = "output", tile.shape = ["BH", "N", 64]}) attributes {tile.constants = {BLOCK_M = 64 : i64, BLOCK_N = 64 : i64, CAUSAL = false, DTYPE = f16, HEAD_DIM = 64 : i64, NUM_STAGES = 1 : i64, NUM_WARPS = 4 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 1 : i32, tile.num_warps = 4 : i32, tile.sizes = ["BH", "N"], tilegpu.shared_bytes = 24576 : i64} {
    %c64_i64 = arith.constant 64 : i64
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %cst = arith.constant dense<1.000000e+00> : tensor<64xf32, #rows>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<64xf32, #rows>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<64xf32, #rows>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<64xf32, #rows>
    %cst_3 = arith.constant dense<0xFF800000> : tensor<64x64xf32, #mma>
    %cst_4 = arith.constant dense<0xFF800000> : tensor<64x64xf32, #mma>
    %cst_5 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %cst_6 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %cst_7 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %cst_8 = arith.constant dense<0xFF800000> : tensor<64xf32, #rows>
    %cst_9 = arith.constant dense<0xFF800000> : tensor<64xf32, #rows>
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    %0 = tile.dim %arg0, 1 : !tile.view<f16, 3>
    %1 = tile.program_id 0
    %2 = arith.muli %1, %c64_i32 : i32
    %3 = tile.program_id 1
    %4 = tile.iota : tensor<64xi32, #cols>
    %5 = tile.iota : tensor<64xi32, #cols>
    %6 = tile.load %arg0[%3, %2, %c0_i32] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
    %7 = scf.for %arg5 = %c0_i32 to %0 step %c64_i32 iter_args(%arg6 = %cst_8) -> (tensor<64xf32, #rows>)  : i32 {
      %36 = tile.load %arg1[%3, %arg5, %c0_i32] {tilegpu.shared_offset = 8192 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
      %37 = tile.splat %arg5 : i32 -> tensor<64xi32, #cols>
      %38 = arith.addi %37, %4 : tensor<64xi32, #cols>
      %39 = tile.expand_dims %38 axis 0 : tensor<64xi32, #cols> -> tensor<1x64xi32, #cols>
      %40 = tile.splat %0 : i32 -> tensor<1x64xi32, #cols>
      %41 = arith.cmpi slt, %39, %40 : tensor<1x64xi32, #cols>
      %42 = tile.trans %36 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
      %43 = tile.dot %6, %42, %cst_6 {tilegpu.async, tilegpu.wgmma} : tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<64x64xf32, #mma>
      %44 = tile.splat %arg3 : f32 -> tensor<64x64xf32, #mma>
      %45 = tilegpu.dot_wait %43 {pendings = 0 : i32} : tensor<64x64xf32, #mma>
      %46 = arith.mulf %45, %44 : tensor<64x64xf32, #mma>
      %47 = tile.broadcast %41 : tensor<1x64xi1, #cols> -> tensor<64x64xi1, #mma>
      %48 = arith.select %47, %46, %cst_3 : tensor<64x64xi1, #mma>, tensor<64x64xf32, #mma>
      %49 = tile.reduce max %48 axis 1 : tensor<64x64xf32, #mma> -> tensor<64xf32, #rows>
      %50 = arith.maximumf %arg6, %49 : tensor<64xf32, #rows>
      scf.yield %50 : tensor<64xf32, #rows>
    }
    %8 = arith.cmpf oeq, %7, %cst_9 : tensor<64xf32, #rows>
    %9 = arith.select %8, %cst_1, %7 : tensor<64xi1, #rows>, tensor<64xf32, #rows>
    %10:2 = scf.for %arg5 = %c0_i32 to %0 step %c64_i32 iter_args(%arg6 = %cst_0, %arg7 = %cst_5) -> (tensor<64xf32, #rows>, tensor<64x64xf32, #mma>)  : i32 {
      %36 = tile.load %arg1[%3, %arg5, %c0_i32] {tilegpu.shared_offset = 8192 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
      %37 = tile.load %arg2[%3, %arg5, %c0_i32] {tilegpu.shared_offset = 16384 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
      %38 = tile.splat %arg5 : i32 -> tensor<64xi32, #cols>
      %39 = arith.addi %38, %5 : tensor<64xi32, #cols>
      %40 = tile.expand_dims %39 axis 0 : tensor<64xi32, #cols> -> tensor<1x64xi32, #cols>
      %41 = tile.splat %0 : i32 -> tensor<1x64xi32, #cols>
      %42 = arith.cmpi slt, %40, %41 : tensor<1x64xi32, #cols>
      %43 = tile.trans %36 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
      %44 = tile.dot %6, %43, %cst_7 {tilegpu.async, tilegpu.wgmma} : tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<64x64xf32, #mma>
      %45 = tile.splat %arg3 : f32 -> tensor<64x64xf32, #mma>
      %46 = tilegpu.dot_wait %44 {pendings = 0 : i32} : tensor<64x64xf32, #mma>
      %47 = arith.mulf %46, %45 : tensor<64x64xf32, #mma>
      %48 = tile.broadcast %42 : tensor<1x64xi1, #cols> -> tensor<64x64xi1, #mma>
      %49 = arith.select %48, %47, %cst_4 : tensor<64x64xi1, #mma>, tensor<64x64xf32, #mma>
      %50 = tile.expand_dims %9 axis 1 : tensor<64xf32, #rows> -> tensor<64x1xf32, #rows>
      %51 = tile.broadcast %50 : tensor<64x1xf32, #rows> -> tensor<64x64xf32, #mma>
      %52 = arith.subf %49, %51 : tensor<64x64xf32, #mma>
      %53 = math.exp %52 : tensor<64x64xf32, #mma>
      %54 = tile.reduce sum %53 axis 1 : tensor<64x64xf32, #mma> -> tensor<64xf32, #rows>
      %55 = arith.addf %arg6, %54 : tensor<64xf32, #rows>
      %56 = arith.truncf %53 : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
      %57 = tile.dot %56, %37, %arg7 {tilegpu.async, tilegpu.wgmma} : tensor<64x64xf16, #mma>, tensor<64x64xf16, #shared> -> tensor<64x64xf32, #mma>
      %58 = tilegpu.dot_wait %57 {pendings = 0 : i32} : tensor<64x64xf32, #mma>
      scf.yield %55, %58 : tensor<64xf32, #rows>, tensor<64x64xf32, #mma>
    }
    %11 = arith.cmpf oeq, %10#0, %cst_2 : tensor<64xf32, #rows>
    %12 = arith.select %11, %cst, %10#0 : tensor<64xi1, #rows>, tensor<64xf32, #rows>
    %13 = tile.expand_dims %12 axis 1 : tensor<64xf32, #rows> -> tensor<64x1xf32, #rows>
    %14 = tile.broadcast %13 : tensor<64x1xf32, #rows> -> tensor<64x64xf32, #mma>
    %15 = arith.divf %10#1, %14 : tensor<64x64xf32, #mma>
    %16 = arith.truncf %15 : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
    %17 = arith.extsi %3 : i32 to i64
    %18 = tile.dim %arg4, 0 : !tile.view<f16, 3>
    %19 = arith.extsi %18 : i32 to i64
    %20 = arith.addi %17, %c1_i64 : i64
    %21 = arith.cmpi sge, %17, %c0_i64 : i64
    %22 = arith.cmpi sle, %20, %19 : i64
    %23 = arith.andi %21, %22 : i1
    %24 = arith.extsi %2 : i32 to i64
    %25 = tile.dim %arg4, 1 : !tile.view<f16, 3>
    %26 = arith.extsi %25 : i32 to i64
    %27 = arith.addi %24, %c64_i64 : i64
    %28 = arith.cmpi sge, %24, %c0_i64 : i64
    %29 = arith.cmpi sle, %27, %26 : i64
    %30 = arith.andi %28, %29 : i1
    %31 = arith.andi %23, %30 : i1
    %32 = tile.dim %arg4, 2 : !tile.view<f16, 3>
    %33 = arith.extsi %32 : i32 to i64
    %34 = arith.cmpi sge, %33, %c64_i64 : i64
    %35 = arith.andi %31, %34 : i1
    scf.if %35 {
      tile.store %16, %arg4[%3, %2, %c0_i32] {in_bounds = array<i1: true, true, true>} : tensor<64x64xf16, #mma> -> !tile.view<f16, 3>
    } else {
      tile.store %16, %arg4[%3, %2, %c0_i32] : tensor<64x64xf16, #mma> -> !tile.view<f16, 3>
    }
    return
  }
}

