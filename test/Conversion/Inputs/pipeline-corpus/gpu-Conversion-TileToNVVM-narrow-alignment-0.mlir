#mma = #tilegpu.mma<warpsM = 1, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 32>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @innermost_cp_async(%arg0: !tile.view<f16, 2>, %arg1: !tile.view<f32, 2>, %arg2: i32, %arg3: i32) attributes {tile.kernel, tile.num_warps = 1 : i32, tilegpu.shared_bytes = 1536 : i64} {
    %c16_i64 = arith.constant 16 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<16x16xf32, #mma>
    %c0_i32 = arith.constant 0 : i32
    %0 = tile.narrow %arg0, 1, %arg2, %arg3 : !tile.view<f16, 2>
    %1 = tile.load %0[%c0_i32, %c0_i32] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<16x16xf16, #shared>
    %2 = tile.load %arg0[%c0_i32, %c0_i32] {tilegpu.shared_offset = 1024 : i64} : !tile.view<f16, 2> -> tensor<16x16xf16, #shared>
    %3 = tile.dot %1, %2, %cst : tensor<16x16xf16, #shared>, tensor<16x16xf16, #shared> -> tensor<16x16xf32, #mma>
    %4 = tile.dim %arg1, 0 : !tile.view<f32, 2>
    %5 = arith.extsi %4 : i32 to i64
    %6 = arith.cmpi sge, %5, %c16_i64 : i64
    %7 = tile.dim %arg1, 1 : !tile.view<f32, 2>
    %8 = arith.extsi %7 : i32 to i64
    %9 = arith.cmpi sge, %8, %c16_i64 : i64
    %10 = arith.andi %6, %9 : i1
    scf.if %10 {
      tile.store %3, %arg1[%c0_i32, %c0_i32] {in_bounds = array<i1: true, true>} : tensor<16x16xf32, #mma> -> !tile.view<f32, 2>
    } else {
      tile.store %3, %arg1[%c0_i32, %c0_i32] : tensor<16x16xf32, #mma> -> !tile.view<f32, 2>
    }
    return
  }
}

