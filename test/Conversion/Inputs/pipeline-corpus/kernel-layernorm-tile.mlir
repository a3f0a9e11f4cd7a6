#map = affine_map<()[s0, s1] -> (s0)>
module {
  func.func @layernorm(%arg0: !tile.view<f16, 2> {tile.name = "X", tile.role = "input", tile.shape = ["M", "N"]}, %arg1: !tile.view<f16, 1> {tile.name = "W", tile.role = "input", tile.shape = ["N"]}, %arg2: !tile.view<f16, 1> {tile.name = "B", tile.role = "input", tile.shape = ["N"]}, %arg3: !tile.view<f16, 2> {tile.name = "Y", tile.role = "output", tile.shape = ["M", "N"]}, %arg4: f32 {tile.name = "eps"}) attributes {tile.constants = {BLOCK_N = 1024 : i64, DTYPE = f16, LOOPED = false, NUM_WARPS = 4 : i64, PREFETCH = false, ROWS = 1 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 4 : i32, tile.prefetch_registers = false, tile.sizes = ["M", "N"]} {
    %0 = tile.dim %arg0, 1 : !tile.view<f16, 2>
    %1 = tile.program_id 0
    %c1_i32 = arith.constant 1 : i32
    %2 = arith.muli %1, %c1_i32 : i32
    %3 = tile.iota : tensor<1024xi32>
    %4 = arith.sitofp %0 : i32 to f32
    %c0_i32 = arith.constant 0 : i32
    %5 = tile.load %arg0[%2, %c0_i32] : !tile.view<f16, 2> -> tensor<1x1024xf16>
    %6 = arith.extf %5 : tensor<1x1024xf16> to tensor<1x1024xf32>
    %7 = tile.reduce sum %6 axis 1 : tensor<1x1024xf32> -> tensor<1xf32>
    %8 = tile.splat %4 : f32 -> tensor<1xf32>
    %9 = arith.divf %7, %8 : tensor<1xf32>
    %10 = tile.expand_dims %3 axis 0 : tensor<1024xi32> -> tensor<1x1024xi32>
    %11 = tile.splat %0 : i32 -> tensor<1x1024xi32>
    %12 = arith.cmpi slt, %10, %11 : tensor<1x1024xi32>
    %13 = tile.expand_dims %9 axis 1 : tensor<1xf32> -> tensor<1x1xf32>
    %14 = tile.broadcast %13 : tensor<1x1xf32> -> tensor<1x1024xf32>
    %15 = arith.subf %6, %14 : tensor<1x1024xf32>
    %cst = arith.constant dense<0.000000e+00> : tensor<1x1024xf32>
    %16 = arith.select %12, %15, %cst : tensor<1x1024xi1>, tensor<1x1024xf32>
    %17 = arith.mulf %16, %16 : tensor<1x1024xf32>
    %18 = tile.reduce sum %17 axis 1 : tensor<1x1024xf32> -> tensor<1xf32>
    %19 = tile.splat %4 : f32 -> tensor<1xf32>
    %20 = arith.divf %18, %19 : tensor<1xf32>
    %21 = tile.splat %arg4 : f32 -> tensor<1xf32>
    %22 = arith.addf %20, %21 : tensor<1xf32>
    %23 = math.rsqrt %22 : tensor<1xf32>
    %24 = tile.expand_dims %23 axis 1 : tensor<1xf32> -> tensor<1x1xf32>
    %25 = tile.broadcast %24 : tensor<1x1xf32> -> tensor<1x1024xf32>
    %26 = arith.mulf %16, %25 : tensor<1x1024xf32>
    %c0_i32_0 = arith.constant 0 : i32
    %27 = tile.load %arg1[%c0_i32_0] : !tile.view<f16, 1> -> tensor<1024xf16>
    %28 = arith.extf %27 : tensor<1024xf16> to tensor<1024xf32>
    %29 = tile.expand_dims %28 axis 0 : tensor<1024xf32> -> tensor<1x1024xf32>
    %30 = arith.mulf %26, %29 : tensor<1x1024xf32>
    %c0_i32_1 = arith.constant 0 : i32
    %31 = tile.load %arg2[%c0_i32_1] : !tile.view<f16, 1> -> tensor<1024xf16>
    %32 = arith.extf %31 : tensor<1024xf16> to tensor<1024xf32>
    %33 = tile.expand_dims %32 axis 0 : tensor<1024xf32> -> tensor<1x1024xf32>
    %34 = arith.addf %30, %33 : tensor<1x1024xf32>
    %35 = arith.truncf %34 : tensor<1x1024xf32> to tensor<1x1024xf16>
    %c0_i32_2 = arith.constant 0 : i32
    tile.store %35, %arg3[%2, %c0_i32_2] : tensor<1x1024xf16> -> !tile.view<f16, 2>
    return
  }
}

