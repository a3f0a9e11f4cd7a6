#mma = #tilegpu.mma<warpsM = 1, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 32>
#shared_t = #tilegpu.shared<transposed = true, swizzle = 32>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @gemm16_bf16(%arg0: !tile.view<bf16, 2>, %arg1: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32, tilegpu.shared_bytes = 512 : i64} {
    %c16_i64 = arith.constant 16 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<16x16xf32, #mma>
    %c0_i32 = arith.constant 0 : i32
    %0 = tile.load %arg0[%c0_i32, %c0_i32] {tilegpu.shared_offset = 0 : i64} : !tile.view<bf16, 2> -> tensor<16x16xbf16, #shared>
    %1 = tile.trans %0 : tensor<16x16xbf16, #shared> -> tensor<16x16xbf16, #shared_t>
    %2 = tile.dot %0, %1, %cst : tensor<16x16xbf16, #shared>, tensor<16x16xbf16, #shared_t> -> tensor<16x16xf32, #mma>
    %3 = tile.dim %arg1, 0 : !tile.view<f32, 2>
    %4 = arith.extsi %3 : i32 to i64
    %5 = arith.cmpi sge, %4, %c16_i64 : i64
    %6 = tile.dim %arg1, 1 : !tile.view<f32, 2>
    %7 = arith.extsi %6 : i32 to i64
    %8 = arith.cmpi sge, %7, %c16_i64 : i64
    %9 = arith.andi %5, %8 : i1
    scf.if %9 {
      tile.store %2, %arg1[%c0_i32, %c0_i32] {in_bounds = array<i1: true, true>} : tensor<16x16xf32, #mma> -> !tile.view<f32, 2>
    } else {
      tile.store %2, %arg1[%c0_i32, %c0_i32] : tensor<16x16xf32, #mma> -> !tile.view<f32, 2>
    }
    return
  }
}

