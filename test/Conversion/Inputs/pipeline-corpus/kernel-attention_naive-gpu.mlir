#map = affine_map<()[s0, s1] -> (s1 ceildiv 64, s0)>
#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
#shared_t = #tilegpu.shared<transposed = true, swizzle = 128>
#cols = #tilegpu.slice<dim = 0, parent = #mma>
#rows = #tilegpu.slice<dim = 1, parent = #mma>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @attention_naive(%arg0: !tile.view<f16, 3> {tile.name = "Q", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg1: !tile.view<f16, 3> {tile.name = "K", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg2: !tile.view<f16, 3> {tile.name = "V", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg3: f32 {tile.name = "sm_scale"}, %arg4: !tile.view<f16, 3> {tile.name = "Out", tile.role = "output", tile.shape = ["BH", "N", 64]}) attributes {tile.constants = {BLOCK_M = 64 : i64, BLOCK_N = 64 : i64, CAUSAL = false, DTYPE = f16, HEAD_DIM = 64 : i64, NUM_STAGES = 1 : i64, NUM_WARPS = 4 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 1 : i32, tile.num_warps = 4 : i32, tile.sizes = ["BH", "N"], tilegpu.shared_bytes = 24576 : i64} {
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
      %17 = tile.load %arg1[%3, %arg5, %c0_i32] {tilegpu.shared_offset = 8192 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
      %18 = tile.splat %arg5 : i32 -> tensor<64xi32, #cols>
      %19 = arith.addi %18, %4 : tensor<64xi32, #cols>
      %20 = tile.expand_dims %19 axis 0 : tensor<64xi32, #cols> -> tensor<1x64xi32, #cols>
      %21 = tile.splat %0 : i32 -> tensor<1x64xi32, #cols>
      %22 = arith.cmpi slt, %20, %21 : tensor<1x64xi32, #cols>
      %23 = tile.trans %17 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
      %24 = tile.dot %6, %23, %cst_6 {tilegpu.async, tilegpu.wgmma} : tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<64x64xf32, #mma>
      %25 = tile.splat %arg3 : f32 -> tensor<64x64xf32, #mma>
      %26 = tilegpu.dot_wait %24 {pendings = 0 : i32} : tensor<64x64xf32, #mma>
      %27 = arith.mulf %26, %25 : tensor<64x64xf32, #mma>
      %28 = tile.broadcast %22 : tensor<1x64xi1, #cols> -> tensor<64x64xi1, #mma>
      %29 = arith.select %28, %27, %cst_3 : tensor<64x64xi1, #mma>, tensor<64x64xf32, #mma>
      %30 = tile.reduce max %29 axis 1 : tensor<64x64xf32, #mma> -> tensor<64xf32, #rows>
      %31 = arith.maximumf %arg6, %30 : tensor<64xf32, #rows>
      scf.yield %31 : tensor<64xf32, #rows>
    }
    %8 = arith.cmpf oeq, %7, %cst_9 : tensor<64xf32, #rows>
    %9 = arith.select %8, %cst_1, %7 : tensor<64xi1, #rows>, tensor<64xf32, #rows>
    %10:2 = scf.for %arg5 = %c0_i32 to %0 step %c64_i32 iter_args(%arg6 = %cst_0, %arg7 = %cst_5) -> (tensor<64xf32, #rows>, tensor<64x64xf32, #mma>)  : i32 {
      %17 = tile.load %arg1[%3, %arg5, %c0_i32] {tilegpu.shared_offset = 8192 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
      %18 = tile.load %arg2[%3, %arg5, %c0_i32] {tilegpu.shared_offset = 16384 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
      %19 = tile.splat %arg5 : i32 -> tensor<64xi32, #cols>
      %20 = arith.addi %19, %5 : tensor<64xi32, #cols>
      %21 = tile.expand_dims %20 axis 0 : tensor<64xi32, #cols> -> tensor<1x64xi32, #cols>
      %22 = tile.splat %0 : i32 -> tensor<1x64xi32, #cols>
      %23 = arith.cmpi slt, %21, %22 : tensor<1x64xi32, #cols>
      %24 = tile.trans %17 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
      %25 = tile.dot %6, %24, %cst_7 {tilegpu.async, tilegpu.wgmma} : tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<64x64xf32, #mma>
      %26 = tile.splat %arg3 : f32 -> tensor<64x64xf32, #mma>
      %27 = tilegpu.dot_wait %25 {pendings = 0 : i32} : tensor<64x64xf32, #mma>
      %28 = arith.mulf %27, %26 : tensor<64x64xf32, #mma>
      %29 = tile.broadcast %23 : tensor<1x64xi1, #cols> -> tensor<64x64xi1, #mma>
      %30 = arith.select %29, %28, %cst_4 : tensor<64x64xi1, #mma>, tensor<64x64xf32, #mma>
      %31 = tile.expand_dims %9 axis 1 : tensor<64xf32, #rows> -> tensor<64x1xf32, #rows>
      %32 = tile.broadcast %31 : tensor<64x1xf32, #rows> -> tensor<64x64xf32, #mma>
      %33 = arith.subf %30, %32 : tensor<64x64xf32, #mma>
      %34 = math.exp %33 : tensor<64x64xf32, #mma>
      %35 = tile.reduce sum %34 axis 1 : tensor<64x64xf32, #mma> -> tensor<64xf32, #rows>
      %36 = arith.addf %arg6, %35 : tensor<64xf32, #rows>
      %37 = arith.truncf %34 : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
      %38 = tile.dot %37, %18, %arg7 {tilegpu.async, tilegpu.wgmma} : tensor<64x64xf16, #mma>, tensor<64x64xf16, #shared> -> tensor<64x64xf32, #mma>
      %39 = tilegpu.dot_wait %38 {pendings = 0 : i32} : tensor<64x64xf32, #mma>
      scf.yield %36, %39 : tensor<64xf32, #rows>, tensor<64x64xf32, #mma>
    }
    %11 = arith.cmpf oeq, %10#0, %cst_2 : tensor<64xf32, #rows>
    %12 = arith.select %11, %cst, %10#0 : tensor<64xi1, #rows>, tensor<64xf32, #rows>
    %13 = tile.expand_dims %12 axis 1 : tensor<64xf32, #rows> -> tensor<64x1xf32, #rows>
    %14 = tile.broadcast %13 : tensor<64x1xf32, #rows> -> tensor<64x64xf32, #mma>
    %15 = arith.divf %10#1, %14 : tensor<64x64xf32, #mma>
    %16 = arith.truncf %15 : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
    tile.store %16, %arg4[%3, %2, %c0_i32] : tensor<64x64xf16, #mma> -> !tile.view<f16, 3>
    return
  }
}

