#blocked = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @branch_stops_wait(%arg0: !tile.view<f16, 2> {tile.role = "input"}, %arg1: !tile.view<f32, 2> {tile.role = "output"}, %arg2: i1) attributes {tile.kernel, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 8192 : i64} {
    %c64_i64 = arith.constant 64 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
    %c0_i32 = arith.constant 0 : i32
    %0 = tile.load %arg0[%c0_i32, %c0_i32] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    %1 = tile.dot %0, %0, %cst {tilegpu.async, tilegpu.wgmma} : tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared> -> tensor<64x64xf32, #mma>
    %2 = tilegpu.dot_wait %1 {pendings = 0 : i32} : tensor<64x64xf32, #mma>
    scf.if %arg2 {
      tile.store %cst_0, %arg1[%c0_i32, %c0_i32] : tensor<64x64xf32, #blocked> -> !tile.view<f32, 2>
    }
    %3 = tile.dim %arg1, 0 : !tile.view<f32, 2>
    %4 = arith.extsi %3 : i32 to i64
    %5 = arith.cmpi sge, %4, %c64_i64 : i64
    %6 = tile.dim %arg1, 1 : !tile.view<f32, 2>
    %7 = arith.extsi %6 : i32 to i64
    %8 = arith.cmpi sge, %7, %c64_i64 : i64
    %9 = arith.andi %5, %8 : i1
    scf.if %9 {
      tile.store %2, %arg1[%c0_i32, %c0_i32] {in_bounds = array<i1: true, true>} : tensor<64x64xf32, #mma> -> !tile.view<f32, 2>
    } else {
      tile.store %2, %arg1[%c0_i32, %c0_i32] : tensor<64x64xf32, #mma> -> !tile.view<f32, 2>
    }
    return
  }
}

