#mma = #tilegpu.mma<warpsM = 1, warpsN = 1>
#mma1 = #tilegpu.mma<warpsM = 2, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 32>
#rows = #tilegpu.slice<dim = 1, parent = #mma1>
#rows1 = #tilegpu.slice<dim = 1, parent = #mma>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @replicated_rows(%arg0: !tile.view<f16, 2>, %arg1: !tile.view<f32, 1>, %arg2: i32) attributes {tile.kernel, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 1536 : i64} {
    %cst = arith.constant dense<0.000000e+00> : tensor<16x16xf32, #mma>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<32x16xf32, #mma1>
    %0 = tile.load %arg0[%arg2, %arg2] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<32x16xf16, #shared>
    %1 = tile.load %arg0[%arg2, %arg2] {tilegpu.shared_offset = 1024 : i64} : !tile.view<f16, 2> -> tensor<16x16xf16, #shared>
    %2 = tile.dot %0, %1, %cst_0 : tensor<32x16xf16, #shared>, tensor<16x16xf16, #shared> -> tensor<32x16xf32, #mma1>
    %3 = tile.reduce max %2 axis 1 : tensor<32x16xf32, #mma1> -> tensor<32xf32, #rows>
    tile.store %3, %arg1[%arg2] : tensor<32xf32, #rows> -> !tile.view<f32, 1>
    %4 = tile.load %arg0[%arg2, %arg2] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<16x16xf16, #shared>
    %5 = tile.dot %4, %1, %cst : tensor<16x16xf16, #shared>, tensor<16x16xf16, #shared> -> tensor<16x16xf32, #mma>
    %6 = tile.reduce sum %5 axis 1 : tensor<16x16xf32, #mma> -> tensor<16xf32, #rows1>
    tile.store %6, %arg1[%arg2] : tensor<16xf32, #rows1> -> !tile.view<f32, 1>
    return
  }
}

