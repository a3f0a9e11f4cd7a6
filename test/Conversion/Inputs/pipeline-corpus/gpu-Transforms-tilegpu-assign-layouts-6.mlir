#blocked = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#blocked1 = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#mma = #tilegpu.mma<warpsM = 2, warpsN = 1>
#mma1 = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 64>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @computed_transposed_operands(%arg0: !tile.view<f16, 2>, %arg1: !tile.view<f32, 2>, %arg2: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 8448 : i64} {
    %c32_i64 = arith.constant 32 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #mma>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<64x32xf32, #mma1>
    %c0_i32 = arith.constant 0 : i32
    %0 = tile.load %arg0[%c0_i32, %c0_i32] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<64x32xf16, #shared>
    %1 = tile.load %arg1[%c0_i32, %c0_i32] : !tile.view<f32, 2> -> tensor<32x32xf32, #blocked>
    %2 = arith.truncf %1 : tensor<32x32xf32, #blocked> to tensor<32x32xf16, #blocked>
    %3 = tile.trans %2 {tilegpu.shared_offset = 4096 : i64} : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #blocked1>
    %4 = tilegpu.convert_layout %3 {tilegpu.shared_offset = 4096 : i64} : tensor<32x32xf16, #blocked1> -> tensor<32x32xf16, #shared>
    %5 = tile.dot %0, %4, %cst_0 : tensor<64x32xf16, #shared>, tensor<32x32xf16, #shared> -> tensor<64x32xf32, #mma1>
    %6 = arith.truncf %5 : tensor<64x32xf32, #mma1> to tensor<64x32xf16, #mma1>
    %7 = tile.trans %6 {tilegpu.shared_offset = 4096 : i64} : tensor<64x32xf16, #mma1> -> tensor<32x64xf16, #mma>
    %8 = tile.dot %7, %0, %cst : tensor<32x64xf16, #mma>, tensor<64x32xf16, #shared> -> tensor<32x32xf32, #mma>
    %9 = tile.dim %arg2, 0 : !tile.view<f32, 2>
    %10 = arith.extsi %9 : i32 to i64
    %11 = arith.cmpi sge, %10, %c32_i64 : i64
    %12 = tile.dim %arg2, 1 : !tile.view<f32, 2>
    %13 = arith.extsi %12 : i32 to i64
    %14 = arith.cmpi sge, %13, %c32_i64 : i64
    %15 = arith.andi %11, %14 : i1
    scf.if %15 {
      tile.store %8, %arg2[%c0_i32, %c0_i32] {in_bounds = array<i1: true, true>} : tensor<32x32xf32, #mma> -> !tile.view<f32, 2>
    } else {
      tile.store %8, %arg2[%c0_i32, %c0_i32] : tensor<32x32xf32, #mma> -> !tile.view<f32, 2>
    }
    return
  }
}

