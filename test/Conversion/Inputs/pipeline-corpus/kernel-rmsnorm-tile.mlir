#map = affine_map<()[s0, s1] -> (s0)>
module {
  func.func @rmsnorm(%arg0: !tile.view<f16, 2> {tile.name = "X", tile.role = "input", tile.shape = ["M", "N"]}, %arg1: !tile.view<f16, 1> {tile.name = "W", tile.role = "input", tile.shape = ["N"]}, %arg2: !tile.view<f16, 2> {tile.name = "Y", tile.role = "output", tile.shape = ["M", "N"]}, %arg3: f32 {tile.name = "eps"}) attributes {tile.constants = {BLOCK_N = 1024 : i64, DTYPE = f16, NUM_WARPS = 4 : i64, ROWS = 1 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 4 : i32, tile.sizes = ["M", "N"]} {
    %0 = tile.dim %arg0, 1 : !tile.view<f16, 2>
    %1 = tile.program_id 0
    %c1_i32 = arith.constant 1 : i32
    %2 = arith.muli %1, %c1_i32 : i32
    %c0_i32 = arith.constant 0 : i32
    %3 = tile.load %arg0[%2, %c0_i32] : !tile.view<f16, 2> -> tensor<1x1024xf16>
    %4 = arith.extf %3 : tensor<1x1024xf16> to tensor<1x1024xf32>
    %5 = arith.mulf %4, %4 : tensor<1x1024xf32>
    %6 = tile.reduce sum %5 axis 1 : tensor<1x1024xf32> -> tensor<1xf32>
    %7 = arith.sitofp %0 : i32 to f32
    %8 = tile.splat %7 : f32 -> tensor<1xf32>
    %9 = arith.divf %6, %8 : tensor<1xf32>
    %10 = tile.splat %arg3 : f32 -> tensor<1xf32>
    %11 = arith.addf %9, %10 : tensor<1xf32>
    %12 = math.rsqrt %11 : tensor<1xf32>
    %c0_i32_0 = arith.constant 0 : i32
    %13 = tile.load %arg1[%c0_i32_0] : !tile.view<f16, 1> -> tensor<1024xf16>
    %14 = arith.extf %13 : tensor<1024xf16> to tensor<1024xf32>
    %15 = tile.expand_dims %12 axis 1 : tensor<1xf32> -> tensor<1x1xf32>
    %16 = tile.broadcast %15 : tensor<1x1xf32> -> tensor<1x1024xf32>
    %17 = arith.mulf %4, %16 : tensor<1x1024xf32>
    %18 = tile.expand_dims %14 axis 0 : tensor<1024xf32> -> tensor<1x1024xf32>
    %19 = arith.mulf %17, %18 : tensor<1x1024xf32>
    %20 = arith.truncf %19 : tensor<1x1024xf32> to tensor<1x1024xf16>
    %c0_i32_1 = arith.constant 0 : i32
    tile.store %20, %arg2[%2, %c0_i32_1] : tensor<1x1024xf16> -> !tile.view<f16, 2>
    return
  }
}

