#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
#shared_t = #tilegpu.shared<transposed = true, swizzle = 128>
#cols = #tilegpu.slice<dim = 0, parent = #mma>
#rows = #tilegpu.slice<dim = 1, parent = #mma>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @fa2_step(%arg0: !tile.view<f16, 3>, %arg1: !tile.view<f16, 3>, %arg2: !tile.view<f16, 3>, %arg3: !tile.view<f32, 3>, %arg4: i32, %arg5: i32) attributes {tile.kernel, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 32768 : i64} {
    %c64_i64 = arith.constant 64 : i64
    %c128_i64 = arith.constant 128 : i64
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %cst = arith.constant dense<0xFF800000> : tensor<128x64xf32, #mma>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %c0_i32 = arith.constant 0 : i32
    %0 = tile.load %arg0[%arg4, %c0_i32, %c0_i32] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 3> -> tensor<128x64xf16, #shared>
    %1 = tile.load %arg1[%arg4, %c0_i32, %c0_i32] {tilegpu.shared_offset = 16384 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
    %2 = tile.load %arg2[%arg4, %c0_i32, %c0_i32] {tilegpu.shared_offset = 24576 : i64} : !tile.view<f16, 3> -> tensor<64x64xf16, #shared>
    %3 = tile.trans %1 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
    %4 = tile.dot %0, %3, %cst_0 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<128x64xf32, #mma>
    %5 = tile.iota : tensor<64xi32, #cols>
    %6 = tile.splat %arg5 : i32 -> tensor<64xi32, #cols>
    %7 = arith.cmpi slt, %5, %6 : tensor<64xi32, #cols>
    %8 = tile.expand_dims %7 axis 0 : tensor<64xi1, #cols> -> tensor<1x64xi1, #cols>
    %9 = tile.broadcast %8 : tensor<1x64xi1, #cols> -> tensor<128x64xi1, #mma>
    %10 = tilegpu.dot_wait %4 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
    %11 = arith.select %9, %10, %cst : tensor<128x64xi1, #mma>, tensor<128x64xf32, #mma>
    %12 = tile.reduce max %11 axis 1 : tensor<128x64xf32, #mma> -> tensor<128xf32, #rows>
    %13 = tile.expand_dims %12 axis 1 : tensor<128xf32, #rows> -> tensor<128x1xf32, #rows>
    %14 = tile.broadcast %13 : tensor<128x1xf32, #rows> -> tensor<128x64xf32, #mma>
    %15 = arith.subf %11, %14 : tensor<128x64xf32, #mma>
    %16 = math.exp2 %15 : tensor<128x64xf32, #mma>
    %17 = arith.truncf %16 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
    %18 = tile.dot %17, %2, %cst_1 {tilegpu.async, tilegpu.wgmma} : tensor<128x64xf16, #mma>, tensor<64x64xf16, #shared> -> tensor<128x64xf32, #mma>
    %19 = arith.extsi %arg4 : i32 to i64
    %20 = tile.dim %arg3, 0 : !tile.view<f32, 3>
    %21 = arith.extsi %20 : i32 to i64
    %22 = arith.addi %19, %c1_i64 : i64
    %23 = arith.cmpi sge, %19, %c0_i64 : i64
    %24 = arith.cmpi sle, %22, %21 : i64
    %25 = arith.andi %23, %24 : i1
    %26 = tile.dim %arg3, 1 : !tile.view<f32, 3>
    %27 = arith.extsi %26 : i32 to i64
    %28 = arith.cmpi sge, %27, %c128_i64 : i64
    %29 = arith.andi %25, %28 : i1
    %30 = tile.dim %arg3, 2 : !tile.view<f32, 3>
    %31 = arith.extsi %30 : i32 to i64
    %32 = arith.cmpi sge, %31, %c64_i64 : i64
    %33 = arith.andi %29, %32 : i1
    %34 = tilegpu.dot_wait %18 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
    scf.if %33 {
      tile.store %34, %arg3[%arg4, %c0_i32, %c0_i32] {in_bounds = array<i1: true, true, true>} : tensor<128x64xf32, #mma> -> !tile.view<f32, 3>
    } else {
      tile.store %34, %arg3[%arg4, %c0_i32, %c0_i32] : tensor<128x64xf32, #mma> -> !tile.view<f32, 3>
    }
    return
  }
}

