#map = affine_map<()[s0, s1] -> (s0)>
module {
  func.func @rmsnorm(%arg0: !tile.view<f16, 2> {tile.name = "X", tile.role = "input", tile.shape = ["M", "N"]}, %arg1: !tile.view<f16, 1> {tile.name = "W", tile.role = "input", tile.shape = ["N"]}, %arg2: !tile.view<f16, 2> {tile.name = "Y", tile.role = "output", tile.shape = ["M", "N"]}, %arg3: f32 {tile.name = "eps"}) attributes {tile.constants = {BLOCK_N = 1024 : i64, DTYPE = f16, LOOPED = false, NUM_WARPS = 4 : i64, PREFETCH = false, ROWS = 1 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 4 : i32, tile.prefetch_registers = false, tile.sizes = ["M", "N"]} {
    %0 = tile.dim %arg0, 1 : !tile.view<f16, 2>
    %1 = tile.program_id 0
    %c1_i32 = arith.constant 1 : i32
    %2 = arith.muli %1, %c1_i32 : i32
    %3 = arith.sitofp %0 : i32 to f32
    %cst = arith.constant 1.000000e+00 : f32
    %4 = arith.divf %cst, %3 : f32
    %c0_i32 = arith.constant 0 : i32
    %5 = tile.load %arg1[%c0_i32] : !tile.view<f16, 1> -> tensor<1024xf16>
    %6 = arith.extf %5 : tensor<1024xf16> to tensor<1024xf32>
    %c0_i32_0 = arith.constant 0 : i32
    %7 = tile.load %arg0[%2, %c0_i32_0] : !tile.view<f16, 2> -> tensor<1x1024xf16>
    %8 = arith.extf %7 : tensor<1x1024xf16> to tensor<1x1024xf32>
    %9 = arith.mulf %8, %8 : tensor<1x1024xf32>
    %10 = tile.reduce sum %9 axis 1 : tensor<1x1024xf32> -> tensor<1xf32>
    %11 = tile.splat %4 : f32 -> tensor<1xf32>
    %12 = arith.mulf %10, %11 : tensor<1xf32>
    %13 = tile.splat %arg3 : f32 -> tensor<1xf32>
    %14 = arith.addf %12, %13 : tensor<1xf32>
    %15 = math.rsqrt %14 : tensor<1xf32>
    %16 = tile.expand_dims %15 axis 1 : tensor<1xf32> -> tensor<1x1xf32>
    %17 = tile.broadcast %16 : tensor<1x1xf32> -> tensor<1x1024xf32>
    %18 = arith.mulf %8, %17 : tensor<1x1024xf32>
    %19 = tile.expand_dims %6 axis 0 : tensor<1024xf32> -> tensor<1x1024xf32>
    %20 = arith.mulf %18, %19 : tensor<1x1024xf32>
    %21 = arith.truncf %20 : tensor<1x1024xf32> to tensor<1x1024xf16>
    %c0_i32_1 = arith.constant 0 : i32
    tile.store %21, %arg2[%2, %c0_i32_1] : tensor<1x1024xf16> -> !tile.view<f16, 2>
    return
  }
}

