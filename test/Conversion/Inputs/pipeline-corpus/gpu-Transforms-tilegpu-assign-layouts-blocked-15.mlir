#blocked = #tilegpu.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @atomic_adds(%arg0: !tile.view<f32, 1>, %arg1: !tile.view<f16, 2>, %arg2: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 8192 : i64} {
    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %c0_i32 = arith.constant 0 : i32
    %cst_0 = arith.constant dense<1.000000e+00> : tensor<512xf32, #blocked>
    tile.atomic_add %cst_0, %arg0[%c0_i32] : tensor<512xf32, #blocked> -> !tile.view<f32, 1>
    %0 = tile.load %arg1[%c0_i32, %c0_i32] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    %1 = tile.dot %0, %0, %cst {tilegpu.async, tilegpu.wgmma} : tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared> -> tensor<64x64xf32, #mma>
    %2 = tilegpu.dot_wait %1 {pendings = 0 : i32} : tensor<64x64xf32, #mma>
    tile.atomic_add %2, %arg2[%c0_i32, %c0_i32] : tensor<64x64xf32, #mma> -> !tile.view<f32, 2>
    return
  }
}

