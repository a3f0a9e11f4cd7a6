#map = affine_map<()[s0, s1] -> (s0)>
module {
  func.func @softmax(%arg0: !tile.view<f16, 2> {tile.name = "X", tile.role = "input", tile.shape = ["M", "N"]}, %arg1: !tile.view<f16, 2> {tile.name = "Y", tile.role = "output", tile.shape = ["M", "N"]}) attributes {tile.constants = {BLOCK_N = 1024 : i64, DTYPE = f16, LOOPED = false, NUM_WARPS = 4 : i64, PREFETCH = false, ROWS = 1 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 4 : i32, tile.prefetch_registers = false, tile.sizes = ["M", "N"]} {
    %0 = tile.dim %arg0, 1 : !tile.view<f16, 2>
    %1 = tile.program_id 0
    %c1_i32 = arith.constant 1 : i32
    %2 = arith.muli %1, %c1_i32 : i32
    %3 = tile.iota : tensor<1024xi32>
    %c0_i32 = arith.constant 0 : i32
    %4 = tile.load %arg0[%2, %c0_i32] : !tile.view<f16, 2> -> tensor<1x1024xf16>
    %5 = arith.extf %4 : tensor<1x1024xf16> to tensor<1x1024xf32>
    %6 = tile.expand_dims %3 axis 0 : tensor<1024xi32> -> tensor<1x1024xi32>
    %7 = tile.splat %0 : i32 -> tensor<1x1024xi32>
    %8 = arith.cmpi slt, %6, %7 : tensor<1x1024xi32>
    %cst = arith.constant dense<0xFF800000> : tensor<1x1024xf32>
    %9 = arith.select %8, %5, %cst : tensor<1x1024xi1>, tensor<1x1024xf32>
    %10 = tile.reduce max %9 axis 1 : tensor<1x1024xf32> -> tensor<1xf32>
    %11 = tile.expand_dims %10 axis 1 : tensor<1xf32> -> tensor<1x1xf32>
    %12 = tile.broadcast %11 : tensor<1x1xf32> -> tensor<1x1024xf32>
    %13 = arith.subf %9, %12 : tensor<1x1024xf32>
    %14 = math.exp %13 : tensor<1x1024xf32>
    %15 = tile.reduce sum %14 axis 1 : tensor<1x1024xf32> -> tensor<1xf32>
    %cst_0 = arith.constant dense<1.000000e+00> : tensor<1xf32>
    %16 = arith.divf %cst_0, %15 : tensor<1xf32>
    %17 = tile.expand_dims %16 axis 1 : tensor<1xf32> -> tensor<1x1xf32>
    %18 = tile.broadcast %17 : tensor<1x1xf32> -> tensor<1x1024xf32>
    %19 = arith.mulf %14, %18 : tensor<1x1024xf32>
    %20 = arith.truncf %19 : tensor<1x1024xf32> to tensor<1x1024xf16>
    %c0_i32_1 = arith.constant 0 : i32
    tile.store %20, %arg1[%2, %c0_i32_1] : tensor<1x1024xf16> -> !tile.view<f16, 2>
    return
  }
}

