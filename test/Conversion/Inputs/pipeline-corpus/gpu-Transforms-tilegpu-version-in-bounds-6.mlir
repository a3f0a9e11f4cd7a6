#map = affine_map<()[s0, s1] -> (s0 ceildiv 16)>
#mma = #tilegpu.mma<warpsM = 1, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 32>
#shared_t = #tilegpu.shared<transposed = true, swizzle = 32>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @dot_persistent(%arg0: !tile.view<f16, 2> {tile.name = "A", tile.role = "input", tile.shape = ["M", "K"]}, %arg1: !tile.view<f32, 2> {tile.name = "C", tile.role = "output", tile.shape = ["M", "K"]}, %arg2: !tile.view<f32, 2> {tile.name = "S", tile.role = "output", tile.shape = ["M", "K"]}) attributes {tile.grid = #map, tile.kernel, tile.num_warps = 4 : i32, tile.sizes = ["M", "K"], tilegpu.shared_bytes = 512 : i64} {
    %c0_i64 = arith.constant 0 : i64
    %c16_i64 = arith.constant 16 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<16x16xf32, #mma>
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %c16_i32 = arith.constant 16 : i32
    %0 = tile.program_id 0
    %1 = arith.muli %0, %c16_i32 : i32
    %2 = tile.load %arg0[%1, %c0_i32] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<16x16xf16, #shared>
    %3 = tile.trans %2 : tensor<16x16xf16, #shared> -> tensor<16x16xf16, #shared_t>
    %4 = tile.dot %2, %3, %cst : tensor<16x16xf16, #shared>, tensor<16x16xf16, #shared_t> -> tensor<16x16xf32, #mma>
    scf.for %arg3 = %c0_i32 to %c16_i32 step %c1_i32  : i32 {
      tile.store %4, %arg2[%arg3, %c0_i32] : tensor<16x16xf32, #mma> -> !tile.view<f32, 2>
    }
    tile.store %4, %arg2[%1, %c0_i32] {in_bounds = array<i1: true, true>} : tensor<16x16xf32, #mma> -> !tile.view<f32, 2>
    %5 = arith.extsi %1 : i32 to i64
    %6 = tile.dim %arg1, 0 : !tile.view<f32, 2>
    %7 = arith.extsi %6 : i32 to i64
    %8 = arith.addi %5, %c16_i64 : i64
    %9 = arith.cmpi sge, %5, %c0_i64 : i64
    %10 = arith.cmpi sle, %8, %7 : i64
    %11 = arith.andi %9, %10 : i1
    %12 = tile.dim %arg1, 1 : !tile.view<f32, 2>
    %13 = arith.extsi %12 : i32 to i64
    %14 = arith.cmpi sge, %13, %c16_i64 : i64
    %15 = arith.andi %11, %14 : i1
    scf.if %15 {
      tile.store %4, %arg1[%1, %c0_i32] {in_bounds = array<i1: true, true>} : tensor<16x16xf32, #mma> -> !tile.view<f32, 2>
    } else {
      tile.store %4, %arg1[%1, %c0_i32] : tensor<16x16xf32, #mma> -> !tile.view<f32, 2>
    }
    return
  }
}

