#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
#cols = #tilegpu.slice<dim = 0, parent = #mma>
#rows = #tilegpu.slice<dim = 1, parent = #mma>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @rows_as_cols(%arg0: !tile.view<f16, 2>, %arg1: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 8192 : i64} {
    %c64_i64 = arith.constant 64 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %c0_i32 = arith.constant 0 : i32
    %0 = tile.load %arg0[%c0_i32, %c0_i32] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    %1 = tile.dot %0, %0, %cst {tilegpu.async, tilegpu.wgmma} : tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared> -> tensor<64x64xf32, #mma>
    %2 = tilegpu.dot_wait %1 {pendings = 0 : i32} : tensor<64x64xf32, #mma>
    %3 = tile.reduce max %2 axis 1 : tensor<64x64xf32, #mma> -> tensor<64xf32, #rows>
    %4 = tilegpu.convert_layout %3 {tilegpu.shared_offset = 0 : i64} : tensor<64xf32, #rows> -> tensor<64xf32, #cols>
    %5 = tile.expand_dims %4 axis 0 : tensor<64xf32, #cols> -> tensor<1x64xf32, #cols>
    %6 = tile.broadcast %5 : tensor<1x64xf32, #cols> -> tensor<64x64xf32, #mma>
    %7 = arith.addf %2, %6 : tensor<64x64xf32, #mma>
    %8 = tile.dim %arg1, 0 : !tile.view<f32, 2>
    %9 = arith.extsi %8 : i32 to i64
    %10 = arith.cmpi sge, %9, %c64_i64 : i64
    %11 = tile.dim %arg1, 1 : !tile.view<f32, 2>
    %12 = arith.extsi %11 : i32 to i64
    %13 = arith.cmpi sge, %12, %c64_i64 : i64
    %14 = arith.andi %10, %13 : i1
    scf.if %14 {
      tile.store %7, %arg1[%c0_i32, %c0_i32] {in_bounds = array<i1: true, true>} : tensor<64x64xf32, #mma> -> !tile.view<f32, 2>
    } else {
      tile.store %7, %arg1[%c0_i32, %c0_i32] : tensor<64x64xf32, #mma> -> !tile.view<f32, 2>
    }
    return
  }
}

