#mma = #tilegpu.mma<warpsM = 1, warpsN = 1>
#mma1 = #tilegpu.mma<warpsM = 2, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 32>
#rows = #tilegpu.slice<dim = 1, parent = #mma1>
#rows1 = #tilegpu.slice<dim = 1, parent = #mma>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @replicated_rows(%arg0: !tile.view<f16, 2>, %arg1: !tile.view<f32, 1>, %arg2: i32) attributes {tile.kernel, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 1536 : i64} {
    %c16_i64 = arith.constant 16 : i64
    %c0_i64 = arith.constant 0 : i64
    %c32_i64 = arith.constant 32 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<16x16xf32, #mma>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<32x16xf32, #mma1>
    %0 = tile.load %arg0[%arg2, %arg2] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<32x16xf16, #shared>
    %1 = tile.load %arg0[%arg2, %arg2] {tilegpu.shared_offset = 1024 : i64} : !tile.view<f16, 2> -> tensor<16x16xf16, #shared>
    %2 = tile.dot %0, %1, %cst_0 : tensor<32x16xf16, #shared>, tensor<16x16xf16, #shared> -> tensor<32x16xf32, #mma1>
    %3 = tile.reduce max %2 axis 1 : tensor<32x16xf32, #mma1> -> tensor<32xf32, #rows>
    %4 = arith.extsi %arg2 : i32 to i64
    %5 = tile.dim %arg1, 0 : !tile.view<f32, 1>
    %6 = arith.extsi %5 : i32 to i64
    %7 = arith.addi %4, %c32_i64 : i64
    %8 = arith.cmpi sge, %4, %c0_i64 : i64
    %9 = arith.cmpi sle, %7, %6 : i64
    %10 = arith.andi %8, %9 : i1
    scf.if %10 {
      tile.store %3, %arg1[%arg2] {in_bounds = array<i1: true>} : tensor<32xf32, #rows> -> !tile.view<f32, 1>
    } else {
      tile.store %3, %arg1[%arg2] : tensor<32xf32, #rows> -> !tile.view<f32, 1>
    }
    %11 = tile.load %arg0[%arg2, %arg2] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<16x16xf16, #shared>
    %12 = tile.dot %11, %1, %cst : tensor<16x16xf16, #shared>, tensor<16x16xf16, #shared> -> tensor<16x16xf32, #mma>
    %13 = tile.reduce sum %12 axis 1 : tensor<16x16xf32, #mma> -> tensor<16xf32, #rows1>
    %14 = arith.addi %4, %c16_i64 : i64
    %15 = arith.cmpi sle, %14, %6 : i64
    %16 = arith.andi %8, %15 : i1
    scf.if %16 {
      tile.store %13, %arg1[%arg2] {in_bounds = array<i1: true>} : tensor<16xf32, #rows1> -> !tile.view<f32, 1>
    } else {
      tile.store %13, %arg1[%arg2] : tensor<16xf32, #rows1> -> !tile.view<f32, 1>
    }
    return
  }
}

