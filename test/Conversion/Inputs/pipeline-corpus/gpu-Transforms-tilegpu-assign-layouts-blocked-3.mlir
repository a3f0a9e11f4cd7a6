#blocked = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#blocked1 = #tilegpu.blocked<sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 32>
#cols = #tilegpu.slice<dim = 0, parent = #blocked>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @dot_and_copy(%arg0: !tile.view<f16, 2>, %arg1: !tile.view<f32, 2>, %arg2: !tile.view<f16, 1>, %arg3: !tile.view<f16, 1>, %arg4: i32) attributes {tile.kernel, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 4352 : i64} {
    %cst = arith.constant dense<0.000000e+00> : tensor<64x16xf32, #mma>
    %0 = tile.load %arg0[%arg4, %arg4] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<64x16xf16, #shared>
    %1 = tile.load %arg0[%arg4, %arg4] {tilegpu.shared_offset = 2048 : i64} : !tile.view<f16, 2> -> tensor<16x16xf16, #shared>
    %2 = tile.dot %0, %1, %cst : tensor<64x16xf16, #shared>, tensor<16x16xf16, #shared> -> tensor<64x16xf32, #mma>
    %3 = tilegpu.convert_layout %2 {tilegpu.shared_offset = 0 : i64} : tensor<64x16xf32, #mma> -> tensor<64x16xf32, #blocked>
    %4 = tile.reduce sum %3 axis 0 {tilegpu.shared_offset = 4096 : i64} : tensor<64x16xf32, #blocked> -> tensor<16xf32, #cols>
    %5 = tile.expand_dims %4 axis 0 : tensor<16xf32, #cols> -> tensor<1x16xf32, #cols>
    %6 = tile.broadcast %5 : tensor<1x16xf32, #cols> -> tensor<64x16xf32, #blocked>
    tile.store %6, %arg1[%arg4, %arg4] : tensor<64x16xf32, #blocked> -> !tile.view<f32, 2>
    %7 = tile.load %arg2[%arg4] : !tile.view<f16, 1> -> tensor<2048xf16, #blocked1>
    tile.store %7, %arg3[%arg4] : tensor<2048xf16, #blocked1> -> !tile.view<f16, 1>
    return
  }
}

