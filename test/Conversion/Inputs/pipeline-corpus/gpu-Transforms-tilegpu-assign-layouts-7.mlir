#blocked = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
#cols = #tilegpu.slice<dim = 0, parent = #blocked>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @shared_operands_in_registers(%arg0: !tile.view<f16, 2>, %arg1: !tile.view<f16, 2>, %arg2: !tile.view<f32, 2>, %arg3: !tile.view<f32, 1>, %arg4: !tile.view<f16, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 17408 : i64} {
    %c64_i64 = arith.constant 64 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %c0_i32 = arith.constant 0 : i32
    %0 = tile.load %arg0[%c0_i32, %c0_i32] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    %1 = tile.load %arg1[%c0_i32, %c0_i32] {tilegpu.shared_offset = 8192 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    %2 = tile.dot %0, %1, %cst {tilegpu.async, tilegpu.wgmma} : tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared> -> tensor<64x64xf32, #mma>
    %3 = tilegpu.dot_wait %2 {pendings = 0 : i32} : tensor<64x64xf32, #mma>
    %4 = tilegpu.convert_layout %0 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #mma>
    %5 = arith.extf %4 : tensor<64x64xf16, #mma> to tensor<64x64xf32, #mma>
    %6 = arith.mulf %5, %5 : tensor<64x64xf32, #mma>
    %7 = arith.addf %3, %6 : tensor<64x64xf32, #mma>
    %8 = tile.dim %arg2, 0 : !tile.view<f32, 2>
    %9 = arith.extsi %8 : i32 to i64
    %10 = arith.cmpi sge, %9, %c64_i64 : i64
    %11 = tile.dim %arg2, 1 : !tile.view<f32, 2>
    %12 = arith.extsi %11 : i32 to i64
    %13 = arith.cmpi sge, %12, %c64_i64 : i64
    %14 = arith.andi %10, %13 : i1
    scf.if %14 {
      tile.store %7, %arg2[%c0_i32, %c0_i32] {in_bounds = array<i1: true, true>} : tensor<64x64xf32, #mma> -> !tile.view<f32, 2>
    } else {
      tile.store %7, %arg2[%c0_i32, %c0_i32] : tensor<64x64xf32, #mma> -> !tile.view<f32, 2>
    }
    %15 = tilegpu.convert_layout %1 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #blocked>
    %16 = tile.reduce max %15 axis 0 {tilegpu.shared_offset = 16384 : i64} : tensor<64x64xf16, #blocked> -> tensor<64xf16, #cols>
    %17 = arith.extf %16 : tensor<64xf16, #cols> to tensor<64xf32, #cols>
    %18 = tile.dim %arg3, 0 : !tile.view<f32, 1>
    %19 = arith.extsi %18 : i32 to i64
    %20 = arith.cmpi sge, %19, %c64_i64 : i64
    scf.if %20 {
      tile.store %17, %arg3[%c0_i32] {in_bounds = array<i1: true>} : tensor<64xf32, #cols> -> !tile.view<f32, 1>
    } else {
      tile.store %17, %arg3[%c0_i32] : tensor<64xf32, #cols> -> !tile.view<f32, 1>
    }
    %21 = tile.dim %arg4, 0 : !tile.view<f16, 2>
    %22 = arith.extsi %21 : i32 to i64
    %23 = arith.cmpi sge, %22, %c64_i64 : i64
    %24 = tile.dim %arg4, 1 : !tile.view<f16, 2>
    %25 = arith.extsi %24 : i32 to i64
    %26 = arith.cmpi sge, %25, %c64_i64 : i64
    %27 = arith.andi %23, %26 : i1
    scf.if %27 {
      %28 = tilegpu.convert_layout %1 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #blocked>
      tile.store %28, %arg4[%c0_i32, %c0_i32] {in_bounds = array<i1: true, true>} : tensor<64x64xf16, #blocked> -> !tile.view<f16, 2>
    } else {
      %28 = tilegpu.convert_layout %1 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #blocked>
      tile.store %28, %arg4[%c0_i32, %c0_i32] : tensor<64x64xf16, #blocked> -> !tile.view<f16, 2>
    }
    return
  }
}

