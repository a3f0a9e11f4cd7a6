#blocked = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#map = affine_map<()[s0, s1] -> (s0)>
#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
#shared_t = #tilegpu.shared<transposed = true, swizzle = 128>
#cols = #tilegpu.slice<dim = 0, parent = #mma>
#rows = #tilegpu.slice<dim = 1, parent = #mma>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @fa1(%arg0: !tile.view<f16, 3> {tile.name = "Q", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg1: !tile.view<f16, 3> {tile.name = "K", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg2: !tile.view<f16, 3> {tile.name = "V", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg3: f32 {tile.name = "sm_scale"}, %arg4: !tile.view<f16, 3> {tile.name = "Out", tile.role = "output", tile.shape = ["BH", "N", 64]}, %arg5: !tile.view<f32, 3> {tile.init = 0.000000e+00 : f32, tile.name = "Acc", tile.role = "inout", tile.shape = ["BH", "N", 64]}, %arg6: !tile.view<f32, 2> {tile.init = 0xFF800000 : f32, tile.name = "M", tile.role = "inout", tile.shape = ["BH", "N"]}, %arg7: !tile.view<f32, 2> {tile.init = 0.000000e+00 : f32, tile.name = "L", tile.role = "inout", tile.shape = ["BH", "N"]}) attributes {tile.constants = {BLOCK_M = 64 : i64, BLOCK_N = 64 : i64, CAUSAL = false, DTYPE = f16, HEAD_DIM = 64 : i64, NUM_STAGES = 1 : i64, NUM_WARPS = 4 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 1 : i32, tile.num_warps = 4 : i32, tile.sizes = ["BH", "N"], tilegpu.shared_bytes = 24576 : i64} {
    %cst = arith.constant dense<1.000000e+00> : tensor<64xf32, #rows>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<64xf32, #rows>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<64xf32, #rows>
    %cst_2 = arith.constant dense<0xFF800000> : tensor<64xf32, #rows>
    %cst_3 = arith.constant 0.000000e+00 : f32
    %cst_4 = arith.constant dense<0xFF800000> : tensor<64x64xf32, #mma>
    %cst_5 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %c64_i32 = arith.constant 64 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_6 = arith.constant 1.44269502 : f32
    %0 = tile.dim %arg0, 1 : !tile.view<f16, 3>
    %1 = tile.program_id 0
    %2 = arith.mulf %arg3, %cst_6 : f32
    %3 = tile.iota : tensor<64xi32, #cols>
    scf.for %arg8 = %c0_i32 to %0 step %c64_i32  : i32 {
      %4 = tile.load %arg1[%1, %arg8, %c0_i32] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
      %5 = tile.load %arg2[%1, %arg8, %c0_i32] {tilegpu.shared_offset = 8192 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
      %6 = tile.splat %arg8 : i32 -> tensor<64xi32, #cols>
      %7 = arith.addi %6, %3 : tensor<64xi32, #cols>
      scf.for %arg9 = %c0_i32 to %0 step %c64_i32  : i32 {
        %8 = tile.load %arg0[%1, %arg9, %c0_i32] {tilegpu.shared_offset = 16384 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
        %9 = tile.load %arg6[%1, %arg9] : !tile.view<f32, 2> -> tensor<64xf32, #rows>
        %10 = tile.load %arg7[%1, %arg9] : !tile.view<f32, 2> -> tensor<64xf32, #rows>
        %11 = tile.load %arg5[%1, %arg9, %c0_i32] : !tile.view<f32, 3> -> tensor<64x64xf32, #mma>
        %12 = tile.expand_dims %10 axis 1 : tensor<64xf32, #rows> -> tensor<64x1xf32, #rows>
        %13 = tile.broadcast %12 : tensor<64x1xf32, #rows> -> tensor<64x64xf32, #mma>
        %14 = arith.mulf %11, %13 : tensor<64x64xf32, #mma>
        %15 = tile.trans %4 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
        %16 = tile.dot %8, %15, %cst_5 {tilegpu.async, tilegpu.wgmma} : tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<64x64xf32, #mma>
        %17 = tile.expand_dims %7 axis 0 : tensor<64xi32, #cols> -> tensor<1x64xi32, #cols>
        %18 = tile.splat %0 : i32 -> tensor<1x64xi32, #cols>
        %19 = arith.cmpi slt, %17, %18 : tensor<1x64xi32, #cols>
        %20 = tile.broadcast %19 : tensor<1x64xi1, #cols> -> tensor<64x64xi1, #mma>
        %21 = tilegpu.dot_wait %16 {pendings = 0 : i32} : tensor<64x64xf32, #mma>
        %22 = arith.select %20, %21, %cst_4 : tensor<64x64xi1, #mma>, tensor<64x64xf32, #mma>
        %23 = arith.cmpf oge, %2, %cst_3 : f32
        %24 = scf.if %23 -> (tensor<64xf32, #rows>) {
          %52 = tile.reduce max %22 axis 1 : tensor<64x64xf32, #mma> -> tensor<64xf32, #rows>
          scf.yield %52 : tensor<64xf32, #rows>
        } else {
          %52 = tile.reduce min %22 axis 1 : tensor<64x64xf32, #mma> -> tensor<64xf32, #rows>
          scf.yield %52 : tensor<64xf32, #rows>
        }
        %25 = tile.splat %2 : f32 -> tensor<64xf32, #rows>
        %26 = arith.mulf %24, %25 : tensor<64xf32, #rows>
        %27 = tile.splat %2 : f32 -> tensor<64x64xf32, #mma>
        %28 = arith.mulf %22, %27 : tensor<64x64xf32, #mma>
        %29 = arith.maximumf %9, %26 : tensor<64xf32, #rows>
        %30 = arith.cmpf oeq, %29, %cst_2 : tensor<64xf32, #rows>
        %31 = arith.select %30, %cst_0, %29 : tensor<64xi1, #rows>, tensor<64xf32, #rows>
        %32 = tile.expand_dims %31 axis 1 : tensor<64xf32, #rows> -> tensor<64x1xf32, #rows>
        %33 = tile.broadcast %32 : tensor<64x1xf32, #rows> -> tensor<64x64xf32, #mma>
        %34 = arith.subf %28, %33 : tensor<64x64xf32, #mma>
        %35 = math.exp2 %34 : tensor<64x64xf32, #mma>
        %36 = arith.subf %9, %31 : tensor<64xf32, #rows>
        %37 = math.exp2 %36 : tensor<64xf32, #rows>
        %38 = tile.reduce sum %35 axis 1 : tensor<64x64xf32, #mma> -> tensor<64xf32, #rows>
        %39 = arith.mulf %37, %10 : tensor<64xf32, #rows>
        %40 = arith.addf %39, %38 : tensor<64xf32, #rows>
        %41 = tile.expand_dims %37 axis 1 : tensor<64xf32, #rows> -> tensor<64x1xf32, #rows>
        %42 = tile.broadcast %41 : tensor<64x1xf32, #rows> -> tensor<64x64xf32, #mma>
        %43 = arith.mulf %14, %42 : tensor<64x64xf32, #mma>
        %44 = arith.truncf %35 : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
        %45 = tile.dot %44, %5, %43 {tilegpu.async, tilegpu.wgmma} : tensor<64x64xf16, #mma>, tensor<64x64xf16, #shared> -> tensor<64x64xf32, #mma>
        %46 = arith.cmpf oeq, %40, %cst_1 : tensor<64xf32, #rows>
        %47 = arith.select %46, %cst, %40 : tensor<64xi1, #rows>, tensor<64xf32, #rows>
        %48 = tile.expand_dims %47 axis 1 : tensor<64xf32, #rows> -> tensor<64x1xf32, #rows>
        %49 = tile.broadcast %48 : tensor<64x1xf32, #rows> -> tensor<64x64xf32, #mma>
        %50 = tilegpu.dot_wait %45 {pendings = 0 : i32} : tensor<64x64xf32, #mma>
        %51 = arith.divf %50, %49 : tensor<64x64xf32, #mma>
        tile.store %51, %arg5[%1, %arg9, %c0_i32] : tensor<64x64xf32, #mma> -> !tile.view<f32, 3>
        tile.store %29, %arg6[%1, %arg9] : tensor<64xf32, #rows> -> !tile.view<f32, 2>
        tile.store %40, %arg7[%1, %arg9] : tensor<64xf32, #rows> -> !tile.view<f32, 2>
      }
    }
    scf.for %arg8 = %c0_i32 to %0 step %c64_i32  : i32 {
      %4 = tile.load %arg5[%1, %arg8, %c0_i32] : !tile.view<f32, 3> -> tensor<64x64xf32, #blocked>
      %5 = arith.truncf %4 : tensor<64x64xf32, #blocked> to tensor<64x64xf16, #blocked>
      tile.store %5, %arg4[%1, %arg8, %c0_i32] : tensor<64x64xf16, #blocked> -> !tile.view<f16, 3>
    }
    return
  }
}

