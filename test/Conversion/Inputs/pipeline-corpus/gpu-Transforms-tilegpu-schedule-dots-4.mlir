#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @wait_stops(%arg0: !tile.view<f16, 2> {tile.role = "input"}, %arg1: !tile.view<f32, 2> {tile.role = "input"}, %arg2: !tile.view<f32, 2> {tile.role = "output"}) attributes {tile.kernel, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 8192 : i64} {
    %c64_i64 = arith.constant 64 : i64
    %cst = arith.constant dense<1.000000e+00> : tensor<64x64xf32, #mma>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %c0_i32 = arith.constant 0 : i32
    %0 = tile.load %arg0[%c0_i32, %c0_i32] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    %1 = tile.dot %0, %0, %cst_0 {tilegpu.async, tilegpu.wgmma} : tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared> -> tensor<64x64xf32, #mma>
    %2 = tilegpu.dot_wait %1 {pendings = 0 : i32} : tensor<64x64xf32, #mma>
    %3 = tile.load %arg1[%c0_i32, %c0_i32] : !tile.view<f32, 2> -> tensor<64x64xf32, #mma>
    %4 = arith.addf %2, %3 : tensor<64x64xf32, #mma>
    %5 = arith.addf %4, %cst : tensor<64x64xf32, #mma>
    %6 = tile.dim %arg2, 0 : !tile.view<f32, 2>
    %7 = arith.extsi %6 : i32 to i64
    %8 = arith.cmpi sge, %7, %c64_i64 : i64
    %9 = tile.dim %arg2, 1 : !tile.view<f32, 2>
    %10 = arith.extsi %9 : i32 to i64
    %11 = arith.cmpi sge, %10, %c64_i64 : i64
    %12 = arith.andi %8, %11 : i1
    scf.if %12 {
      tile.store %5, %arg2[%c0_i32, %c0_i32] {in_bounds = array<i1: true, true>} : tensor<64x64xf32, #mma> -> !tile.view<f32, 2>
    } else {
      tile.store %5, %arg2[%c0_i32, %c0_i32] : tensor<64x64xf32, #mma> -> !tile.view<f32, 2>
    }
    return
  }
}

