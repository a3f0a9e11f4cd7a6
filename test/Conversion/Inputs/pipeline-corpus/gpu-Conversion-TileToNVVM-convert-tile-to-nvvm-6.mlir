#mma = #tilegpu.mma<warpsM = 1, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 32>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @store_f16(%arg0: !tile.view<f16, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32, tilegpu.shared_bytes = 512 : i64} {
    %c16_i64 = arith.constant 16 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<16x16xf32, #mma>
    %c0_i32 = arith.constant 0 : i32
    %cst_0 = arith.constant dense<1.000000e+00> : tensor<16x16xf16, #mma>
    %0 = tile.load %arg0[%c0_i32, %c0_i32] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<16x16xf16, #shared>
    %1 = tile.dot %cst_0, %0, %cst : tensor<16x16xf16, #mma>, tensor<16x16xf16, #shared> -> tensor<16x16xf32, #mma>
    %2 = arith.truncf %1 : tensor<16x16xf32, #mma> to tensor<16x16xf16, #mma>
    %3 = tile.dim %arg0, 0 : !tile.view<f16, 2>
    %4 = arith.extsi %3 : i32 to i64
    %5 = arith.cmpi sge, %4, %c16_i64 : i64
    %6 = tile.dim %arg0, 1 : !tile.view<f16, 2>
    %7 = arith.extsi %6 : i32 to i64
    %8 = arith.cmpi sge, %7, %c16_i64 : i64
    %9 = arith.andi %5, %8 : i1
    scf.if %9 {
      tile.store %2, %arg0[%c0_i32, %c0_i32] {in_bounds = array<i1: true, true>} : tensor<16x16xf16, #mma> -> !tile.view<f16, 2>
    } else {
      tile.store %2, %arg0[%c0_i32, %c0_i32] : tensor<16x16xf16, #mma> -> !tile.view<f16, 2>
    }
    return
  }
}

