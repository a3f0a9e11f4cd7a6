#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 32>
#rows = #tilegpu.slice<dim = 1, parent = #mma>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @interleaved_rows(%arg0: !tile.view<f16, 2>, %arg1: !tile.view<f16, 2>, %arg2: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 4608 : i64} {
    %c16_i64 = arith.constant 16 : i64
    %c128_i64 = arith.constant 128 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<128x16xf32, #mma>
    %c0_i32 = arith.constant 0 : i32
    %0 = tile.load %arg0[%c0_i32, %c0_i32] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<128x16xf16, #shared>
    %1 = tile.load %arg1[%c0_i32, %c0_i32] {tilegpu.shared_offset = 4096 : i64} : !tile.view<f16, 2> -> tensor<16x16xf16, #shared>
    %2 = tile.dot %0, %1, %cst : tensor<128x16xf16, #shared>, tensor<16x16xf16, #shared> -> tensor<128x16xf32, #mma>
    %3 = tile.iota : tensor<128xi32, #rows>
    %4 = tile.expand_dims %3 axis 1 : tensor<128xi32, #rows> -> tensor<128x1xi32, #rows>
    %5 = tile.broadcast %4 : tensor<128x1xi32, #rows> -> tensor<128x16xi32, #mma>
    %6 = arith.sitofp %5 : tensor<128x16xi32, #mma> to tensor<128x16xf32, #mma>
    %7 = arith.addf %2, %6 : tensor<128x16xf32, #mma>
    %8 = tile.dim %arg2, 0 : !tile.view<f32, 2>
    %9 = arith.extsi %8 : i32 to i64
    %10 = arith.cmpi sge, %9, %c128_i64 : i64
    %11 = tile.dim %arg2, 1 : !tile.view<f32, 2>
    %12 = arith.extsi %11 : i32 to i64
    %13 = arith.cmpi sge, %12, %c16_i64 : i64
    %14 = arith.andi %10, %13 : i1
    scf.if %14 {
      tile.store %7, %arg2[%c0_i32, %c0_i32] {in_bounds = array<i1: true, true>} : tensor<128x16xf32, #mma> -> !tile.view<f32, 2>
    } else {
      tile.store %7, %arg2[%c0_i32, %c0_i32] : tensor<128x16xf32, #mma> -> !tile.view<f32, 2>
    }
    return
  }
}

