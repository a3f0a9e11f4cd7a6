#map = affine_map<()[s0, s1, s2] -> (s0 ceildiv 128, s2 ceildiv 128)>
module {
  func.func @gemm(%arg0: !tile.view<f16, 2> {tile.name = "A", tile.role = "input", tile.shape = ["M", "K"]}, %arg1: !tile.view<f16, 2> {tile.name = "B", tile.role = "input", tile.shape = ["K", "N"]}, %arg2: !tile.view<f16, 2> {tile.name = "C", tile.role = "output", tile.shape = ["M", "N"]}) attributes {tile.constants = {BLOCK_K = 64 : i64, BLOCK_M = 128 : i64, BLOCK_N = 128 : i64, DTYPE = f16, NUM_STAGES = 3 : i64, NUM_WARPS = 4 : i64, OVERLAP_DOTS = false, PERSISTENT = false, WARP_SPECIALIZE = false}, tile.grid = #map, tile.kernel, tile.num_stages = 3 : i32, tile.num_warps = 4 : i32, tile.overlap_dots = false, tile.persistent = false, tile.sizes = ["M", "K", "N"], tile.warp_specialize = false} {
    %0 = tile.dim %arg0, 1 : !tile.view<f16, 2>
    %1 = tile.program_id 0
    %c128_i32 = arith.constant 128 : i32
    %2 = arith.muli %1, %c128_i32 : i32
    %3 = tile.program_id 1
    %c128_i32_0 = arith.constant 128 : i32
    %4 = arith.muli %3, %c128_i32_0 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    %5 = scf.for %arg3 = %c0_i32 to %0 step %c64_i32 iter_args(%arg4 = %cst) -> (tensor<128x128xf32>)  : i32 {
      %7 = tile.load %arg0[%2, %arg3] : !tile.view<f16, 2> -> tensor<128x64xf16>
      %8 = tile.load %arg1[%arg3, %4] : !tile.view<f16, 2> -> tensor<64x128xf16>
      %9 = tile.dot %7, %8, %arg4 : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
      scf.yield %9 : tensor<128x128xf32>
    }
    %6 = arith.truncf %5 : tensor<128x128xf32> to tensor<128x128xf16>
    tile.store %6, %arg2[%2, %4] : tensor<128x128xf16> -> !tile.view<f16, 2>
    return
  }
}

