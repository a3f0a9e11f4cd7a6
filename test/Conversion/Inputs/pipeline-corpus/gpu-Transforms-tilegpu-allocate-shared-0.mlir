#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @gemm(%arg0: !tile.view<f16, 2>, %arg1: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 32768 : i64} {
    %c128_i64 = arith.constant 128 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %c0_i32 = arith.constant 0 : i32
    %0 = tile.load %arg0[%c0_i32, %c0_i32] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<128x128xf16, #shared>
    %1 = tile.dot %0, %0, %cst {tilegpu.async, tilegpu.wgmma} : tensor<128x128xf16, #shared>, tensor<128x128xf16, #shared> -> tensor<128x128xf32, #mma>
    %2 = tile.dim %arg1, 0 : !tile.view<f32, 2>
    %3 = arith.extsi %2 : i32 to i64
    %4 = arith.cmpi sge, %3, %c128_i64 : i64
    %5 = tile.dim %arg1, 1 : !tile.view<f32, 2>
    %6 = arith.extsi %5 : i32 to i64
    %7 = arith.cmpi sge, %6, %c128_i64 : i64
    %8 = arith.andi %4, %7 : i1
    %9 = tilegpu.dot_wait %1 {pendings = 0 : i32} : tensor<128x128xf32, #mma>
    scf.if %8 {
      tile.store %9, %arg1[%c0_i32, %c0_i32] {in_bounds = array<i1: true, true>} : tensor<128x128xf32, #mma> -> !tile.view<f32, 2>
    } else {
      tile.store %9, %arg1[%c0_i32, %c0_i32] : tensor<128x128xf32, #mma> -> !tile.view<f32, 2>
    }
    return
  }
}

