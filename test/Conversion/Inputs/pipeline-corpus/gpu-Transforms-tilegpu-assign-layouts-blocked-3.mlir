#blocked = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#blocked1 = #tilegpu.blocked<sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 32>
#cols = #tilegpu.slice<dim = 0, parent = #blocked>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @dot_and_copy(%arg0: !tile.view<f16, 2>, %arg1: !tile.view<f32, 2>, %arg2: !tile.view<f16, 1>, %arg3: !tile.view<f16, 1>, %arg4: i32) attributes {tile.kernel, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 4352 : i64} {
    %c2048_i64 = arith.constant 2048 : i64
    %c16_i64 = arith.constant 16 : i64
    %c0_i64 = arith.constant 0 : i64
    %c64_i64 = arith.constant 64 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<64x16xf32, #mma>
    %0 = tile.load %arg0[%arg4, %arg4] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<64x16xf16, #shared>
    %1 = tile.load %arg0[%arg4, %arg4] {tilegpu.shared_offset = 2048 : i64} : !tile.view<f16, 2> -> tensor<16x16xf16, #shared>
    %2 = tile.dot %0, %1, %cst : tensor<64x16xf16, #shared>, tensor<16x16xf16, #shared> -> tensor<64x16xf32, #mma>
    %3 = tilegpu.convert_layout %2 {tilegpu.shared_offset = 0 : i64} : tensor<64x16xf32, #mma> -> tensor<64x16xf32, #blocked>
    %4 = tile.reduce sum %3 axis 0 {tilegpu.shared_offset = 4096 : i64} : tensor<64x16xf32, #blocked> -> tensor<16xf32, #cols>
    %5 = tile.expand_dims %4 axis 0 : tensor<16xf32, #cols> -> tensor<1x16xf32, #cols>
    %6 = tile.broadcast %5 : tensor<1x16xf32, #cols> -> tensor<64x16xf32, #blocked>
    %7 = arith.extsi %arg4 : i32 to i64
    %8 = tile.dim %arg1, 0 : !tile.view<f32, 2>
    %9 = arith.extsi %8 : i32 to i64
    %10 = arith.addi %7, %c64_i64 : i64
    %11 = arith.cmpi sge, %7, %c0_i64 : i64
    %12 = arith.cmpi sle, %10, %9 : i64
    %13 = arith.andi %11, %12 : i1
    %14 = tile.dim %arg1, 1 : !tile.view<f32, 2>
    %15 = arith.extsi %14 : i32 to i64
    %16 = arith.addi %7, %c16_i64 : i64
    %17 = arith.cmpi sle, %16, %15 : i64
    %18 = arith.andi %11, %17 : i1
    %19 = arith.andi %13, %18 : i1
    scf.if %19 {
      tile.store %6, %arg1[%arg4, %arg4] {in_bounds = array<i1: true, true>} : tensor<64x16xf32, #blocked> -> !tile.view<f32, 2>
    } else {
      tile.store %6, %arg1[%arg4, %arg4] : tensor<64x16xf32, #blocked> -> !tile.view<f32, 2>
    }
    %20 = tile.load %arg2[%arg4] : !tile.view<f16, 1> -> tensor<2048xf16, #blocked1>
    %21 = tile.dim %arg3, 0 : !tile.view<f16, 1>
    %22 = arith.extsi %21 : i32 to i64
    %23 = arith.addi %7, %c2048_i64 : i64
    %24 = arith.cmpi sle, %23, %22 : i64
    %25 = arith.andi %11, %24 : i1
    scf.if %25 {
      tile.store %20, %arg3[%arg4] {in_bounds = array<i1: true>} : tensor<2048xf16, #blocked1> -> !tile.view<f16, 1>
    } else {
      tile.store %20, %arg3[%arg4] : tensor<2048xf16, #blocked1> -> !tile.view<f16, 1>
    }
    return
  }
}

