#map = affine_map<()[s0] -> (s0 ceildiv 16)>
#mma = #tilegpu.mma<warpsM = 1, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 32>
#shared_t = #tilegpu.shared<transposed = true, swizzle = 32>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @gemm16(%arg0: !tile.view<f16, 2> {tile.name = "A", tile.shape = ["M", 16]}, %arg1: !tile.view<f32, 2> {tile.name = "C", tile.role = "output", tile.shape = ["M", 16]}, %arg2: f32 {tile.name = "alpha"}) attributes {tile.grid = #map, tile.kernel, tile.num_warps = 1 : i32, tile.sizes = ["M"], tilegpu.shared_bytes = 512 : i64} {
    %c16_i64 = arith.constant 16 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<16x16xf32, #mma>
    %c0_i32 = arith.constant 0 : i32
    %0 = tile.load %arg0[%c0_i32, %c0_i32] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<16x16xf16, #shared>
    %1 = tile.trans %0 : tensor<16x16xf16, #shared> -> tensor<16x16xf16, #shared_t>
    %2 = tile.dot %0, %1, %cst : tensor<16x16xf16, #shared>, tensor<16x16xf16, #shared_t> -> tensor<16x16xf32, #mma>
    %3 = tile.splat %arg2 : f32 -> tensor<16x16xf32, #mma>
    %4 = arith.mulf %2, %3 : tensor<16x16xf32, #mma>
    %5 = tile.dim %arg1, 0 : !tile.view<f32, 2>
    %6 = arith.extsi %5 : i32 to i64
    %7 = arith.cmpi sge, %6, %c16_i64 : i64
    %8 = tile.dim %arg1, 1 : !tile.view<f32, 2>
    %9 = arith.extsi %8 : i32 to i64
    %10 = arith.cmpi sge, %9, %c16_i64 : i64
    %11 = arith.andi %7, %10 : i1
    scf.if %11 {
      tile.store %4, %arg1[%c0_i32, %c0_i32] {in_bounds = array<i1: true, true>} : tensor<16x16xf32, #mma> -> !tile.view<f32, 2>
    } else {
      tile.store %4, %arg1[%c0_i32, %c0_i32] : tensor<16x16xf32, #mma> -> !tile.view<f32, 2>
    }
    return
  }
}

