#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
#shared_t = #tilegpu.shared<transposed = true, swizzle = 128>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @qk(%arg0: !tile.view<f16, 2>, %arg1: !tile.view<f16, 2>, %arg2: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 16384 : i64} {
    %c64_i64 = arith.constant 64 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %c0_i32 = arith.constant 0 : i32
    %0 = tile.load %arg0[%c0_i32, %c0_i32] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    %1 = tile.load %arg1[%c0_i32, %c0_i32] {tilegpu.shared_offset = 8192 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    %2 = tile.trans %1 : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
    %3 = tile.dot %0, %2, %cst {tilegpu.async, tilegpu.wgmma} : tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared_t> -> tensor<64x64xf32, #mma>
    %4 = tile.dim %arg2, 0 : !tile.view<f32, 2>
    %5 = arith.extsi %4 : i32 to i64
    %6 = arith.cmpi sge, %5, %c64_i64 : i64
    %7 = tile.dim %arg2, 1 : !tile.view<f32, 2>
    %8 = arith.extsi %7 : i32 to i64
    %9 = arith.cmpi sge, %8, %c64_i64 : i64
    %10 = arith.andi %6, %9 : i1
    %11 = tilegpu.dot_wait %3 {pendings = 0 : i32} : tensor<64x64xf32, #mma>
    scf.if %10 {
      tile.store %11, %arg2[%c0_i32, %c0_i32] {in_bounds = array<i1: true, true>} : tensor<64x64xf32, #mma> -> !tile.view<f32, 2>
    } else {
      tile.store %11, %arg2[%c0_i32, %c0_i32] : tensor<64x64xf32, #mma> -> !tile.view<f32, 2>
    }
    return
  }
}

