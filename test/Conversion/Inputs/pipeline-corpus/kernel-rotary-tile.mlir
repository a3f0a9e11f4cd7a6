#map = affine_map<()[s0, s1, s2] -> (s1, s2 ceildiv 32, s0)>
module {
  func.func @rotary(%arg0: !tile.view<f16, 4> {tile.name = "X", tile.role = "input", tile.shape = ["B", "H", "N", 64]}, %arg1: !tile.view<f16, 2> {tile.name = "Cos", tile.role = "input", tile.shape = ["N", 32]}, %arg2: !tile.view<f16, 2> {tile.name = "Sin", tile.role = "input", tile.shape = ["N", 32]}, %arg3: !tile.view<f16, 4> {tile.name = "Out", tile.role = "output", tile.shape = ["B", "H", "N", 64]}) attributes {tile.constants = {BLOCK_N = 32 : i64, DTYPE = f16, HALF = 32 : i64, HEAD_DIM = 64 : i64, NUM_WARPS = 4 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 4 : i32, tile.sizes = ["B", "H", "N"]} {
    %0 = tile.program_id 0
    %1 = tile.program_id 1
    %c32_i32 = arith.constant 32 : i32
    %2 = arith.muli %1, %c32_i32 : i32
    %3 = tile.program_id 2
    %c0_i32 = arith.constant 0 : i32
    %4 = tile.load %arg1[%2, %c0_i32] : !tile.view<f16, 2> -> tensor<32x32xf16>
    %5 = arith.extf %4 : tensor<32x32xf16> to tensor<32x32xf32>
    %c0_i32_0 = arith.constant 0 : i32
    %6 = tile.load %arg2[%2, %c0_i32_0] : !tile.view<f16, 2> -> tensor<32x32xf16>
    %7 = arith.extf %6 : tensor<32x32xf16> to tensor<32x32xf32>
    %c0_i32_1 = arith.constant 0 : i32
    %8 = tile.load %arg0[%3, %0, %2, %c0_i32_1] : !tile.view<f16, 4> -> tensor<32x32xf16>
    %9 = arith.extf %8 : tensor<32x32xf16> to tensor<32x32xf32>
    %c32_i32_2 = arith.constant 32 : i32
    %10 = tile.load %arg0[%3, %0, %2, %c32_i32_2] : !tile.view<f16, 4> -> tensor<32x32xf16>
    %11 = arith.extf %10 : tensor<32x32xf16> to tensor<32x32xf32>
    %12 = arith.mulf %9, %5 : tensor<32x32xf32>
    %13 = arith.mulf %11, %7 : tensor<32x32xf32>
    %14 = arith.subf %12, %13 : tensor<32x32xf32>
    %15 = arith.truncf %14 : tensor<32x32xf32> to tensor<32x32xf16>
    %c0_i32_3 = arith.constant 0 : i32
    tile.store %15, %arg3[%3, %0, %2, %c0_i32_3] : tensor<32x32xf16> -> !tile.view<f16, 4>
    %16 = arith.mulf %11, %5 : tensor<32x32xf32>
    %17 = arith.mulf %9, %7 : tensor<32x32xf32>
    %18 = arith.addf %16, %17 : tensor<32x32xf32>
    %19 = arith.truncf %18 : tensor<32x32xf32> to tensor<32x32xf16>
    %c32_i32_4 = arith.constant 32 : i32
    tile.store %19, %arg3[%3, %0, %2, %c32_i32_4] : tensor<32x32xf16> -> !tile.view<f16, 4>
    return
  }
  func.func @rotary_inplace(%arg0: !tile.view<f16, 4> {tile.name = "X", tile.role = "inout", tile.shape = ["B", "H", "N", 64]}, %arg1: !tile.view<f16, 2> {tile.name = "Cos", tile.role = "input", tile.shape = ["N", 32]}, %arg2: !tile.view<f16, 2> {tile.name = "Sin", tile.role = "input", tile.shape = ["N", 32]}) attributes {tile.constants = {BLOCK_N = 32 : i64, DTYPE = f16, HALF = 32 : i64, HEAD_DIM = 64 : i64, NUM_WARPS = 4 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 4 : i32, tile.sizes = ["B", "H", "N"]} {
    %0 = tile.program_id 0
    %1 = tile.program_id 1
    %c32_i32 = arith.constant 32 : i32
    %2 = arith.muli %1, %c32_i32 : i32
    %3 = tile.program_id 2
    %c0_i32 = arith.constant 0 : i32
    %4 = tile.load %arg1[%2, %c0_i32] : !tile.view<f16, 2> -> tensor<32x32xf16>
    %5 = arith.extf %4 : tensor<32x32xf16> to tensor<32x32xf32>
    %c0_i32_0 = arith.constant 0 : i32
    %6 = tile.load %arg2[%2, %c0_i32_0] : !tile.view<f16, 2> -> tensor<32x32xf16>
    %7 = arith.extf %6 : tensor<32x32xf16> to tensor<32x32xf32>
    %c0_i32_1 = arith.constant 0 : i32
    %8 = tile.load %arg0[%3, %0, %2, %c0_i32_1] : !tile.view<f16, 4> -> tensor<32x32xf16>
    %9 = arith.extf %8 : tensor<32x32xf16> to tensor<32x32xf32>
    %c32_i32_2 = arith.constant 32 : i32
    %10 = tile.load %arg0[%3, %0, %2, %c32_i32_2] : !tile.view<f16, 4> -> tensor<32x32xf16>
    %11 = arith.extf %10 : tensor<32x32xf16> to tensor<32x32xf32>
    %12 = arith.mulf %9, %5 : tensor<32x32xf32>
    %13 = arith.mulf %11, %7 : tensor<32x32xf32>
    %14 = arith.subf %12, %13 : tensor<32x32xf32>
    %15 = arith.truncf %14 : tensor<32x32xf32> to tensor<32x32xf16>
    %c0_i32_3 = arith.constant 0 : i32
    tile.store %15, %arg0[%3, %0, %2, %c0_i32_3] : tensor<32x32xf16> -> !tile.view<f16, 4>
    %16 = arith.mulf %11, %5 : tensor<32x32xf32>
    %17 = arith.mulf %9, %7 : tensor<32x32xf32>
    %18 = arith.addf %16, %17 : tensor<32x32xf32>
    %19 = arith.truncf %18 : tensor<32x32xf32> to tensor<32x32xf16>
    %c32_i32_4 = arith.constant 32 : i32
    tile.store %19, %arg0[%3, %0, %2, %c32_i32_4] : tensor<32x32xf16> -> !tile.view<f16, 4>
    return
  }
}

