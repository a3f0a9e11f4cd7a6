#mma = #tilegpu.mma<warpsM = 1, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 32>
#rows = #tilegpu.slice<dim = 1, parent = #mma>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @softmax_row(%arg0: !tile.view<f32, 2>, %arg1: !tile.view<f16, 2>, %arg2: !tile.view<f32, 1>) attributes {tile.kernel, tile.num_warps = 1 : i32, tilegpu.shared_bytes = 512 : i64} {
    %c16_i64 = arith.constant 16 : i64
    %c0_i32 = arith.constant 0 : i32
    %0 = tile.load %arg0[%c0_i32, %c0_i32] : !tile.view<f32, 2> -> tensor<16x16xf32, #mma>
    %1 = tile.load %arg1[%c0_i32, %c0_i32] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<16x16xf16, #shared>
    %2 = tile.dot %1, %1, %0 : tensor<16x16xf16, #shared>, tensor<16x16xf16, #shared> -> tensor<16x16xf32, #mma>
    %3 = arith.addf %0, %2 : tensor<16x16xf32, #mma>
    %4 = math.exp2 %3 : tensor<16x16xf32, #mma>
    %5 = tile.reduce max %4 axis 1 : tensor<16x16xf32, #mma> -> tensor<16xf32, #rows>
    %6 = tile.dim %arg2, 0 : !tile.view<f32, 1>
    %7 = arith.extsi %6 : i32 to i64
    %8 = arith.cmpi sge, %7, %c16_i64 : i64
    scf.if %8 {
      tile.store %5, %arg2[%c0_i32] {in_bounds = array<i1: true>} : tensor<16xf32, #rows> -> !tile.view<f32, 1>
    } else {
      tile.store %5, %arg2[%c0_i32] : tensor<16xf32, #rows> -> !tile.view<f32, 1>
    }
    return
  }
}

