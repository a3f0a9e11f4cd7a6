#blocked = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
#map = affine_map<()[s0, s1] -> (s0)>
#cols = #tilegpu.slice<dim = 0, parent = #blocked>
#rows = #tilegpu.slice<dim = 1, parent = #blocked>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @layernorm(%arg0: !tile.view<f16, 2> {tile.name = "X", tile.role = "input", tile.shape = ["M", "N"]}, %arg1: !tile.view<f16, 1> {tile.name = "W", tile.role = "input", tile.shape = ["N"]}, %arg2: !tile.view<f16, 1> {tile.name = "B", tile.role = "input", tile.shape = ["N"]}, %arg3: !tile.view<f16, 2> {tile.name = "Y", tile.role = "output", tile.shape = ["M", "N"]}, %arg4: f32 {tile.name = "eps"}) attributes {tile.constants = {BLOCK_N = 1024 : i64, DTYPE = f16, NUM_WARPS = 4 : i64, ROWS = 1 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 4 : i32, tile.sizes = ["M", "N"], tilegpu.shared_bytes = 1040 : i64} {
    %cst = arith.constant dense<0.000000e+00> : tensor<1x1024xf32, #blocked>
    %c0_i32 = arith.constant 0 : i32
    %0 = tile.dim %arg0, 1 : !tile.view<f16, 2>
    %1 = tile.program_id 0
    %2 = tile.iota : tensor<1024xi32, #cols>
    %3 = arith.sitofp %0 : i32 to f32
    %4 = tile.load %arg0[%1, %c0_i32] : !tile.view<f16, 2> -> tensor<1x1024xf16, #blocked>
    %5 = arith.extf %4 : tensor<1x1024xf16, #blocked> to tensor<1x1024xf32, #blocked>
    %6 = tile.reduce sum %5 axis 1 {tilegpu.shared_offset = 0 : i64} : tensor<1x1024xf32, #blocked> -> tensor<1xf32, #rows>
    %7 = tile.splat %3 : f32 -> tensor<1xf32, #rows>
    %8 = tile.splat %3 : f32 -> tensor<1xf32, #rows>
    %9 = arith.divf %6, %7 : tensor<1xf32, #rows>
    %10 = tile.expand_dims %2 axis 0 : tensor<1024xi32, #cols> -> tensor<1x1024xi32, #blocked>
    %11 = tile.splat %0 : i32 -> tensor<1x1024xi32, #blocked>
    %12 = arith.cmpi slt, %10, %11 : tensor<1x1024xi32, #blocked>
    %13 = tile.expand_dims %9 axis 1 : tensor<1xf32, #rows> -> tensor<1x1xf32, #rows>
    %14 = tile.broadcast %13 : tensor<1x1xf32, #rows> -> tensor<1x1024xf32, #blocked>
    %15 = arith.subf %5, %14 : tensor<1x1024xf32, #blocked>
    %16 = arith.select %12, %15, %cst : tensor<1x1024xi1, #blocked>, tensor<1x1024xf32, #blocked>
    %17 = arith.mulf %16, %16 : tensor<1x1024xf32, #blocked>
    %18 = tile.reduce sum %17 axis 1 {tilegpu.shared_offset = 1024 : i64} : tensor<1x1024xf32, #blocked> -> tensor<1xf32, #rows>
    %19 = arith.divf %18, %8 : tensor<1xf32, #rows>
    %20 = tile.splat %arg4 : f32 -> tensor<1xf32, #rows>
    %21 = arith.addf %19, %20 : tensor<1xf32, #rows>
    %22 = math.rsqrt %21 : tensor<1xf32, #rows>
    %23 = tile.expand_dims %22 axis 1 : tensor<1xf32, #rows> -> tensor<1x1xf32, #rows>
    %24 = tile.broadcast %23 : tensor<1x1xf32, #rows> -> tensor<1x1024xf32, #blocked>
    %25 = arith.mulf %16, %24 : tensor<1x1024xf32, #blocked>
    %26 = tile.load %arg1[%c0_i32] : !tile.view<f16, 1> -> tensor<1024xf16, #cols>
    %27 = arith.extf %26 : tensor<1024xf16, #cols> to tensor<1024xf32, #cols>
    %28 = tile.expand_dims %27 axis 0 : tensor<1024xf32, #cols> -> tensor<1x1024xf32, #blocked>
    %29 = arith.mulf %25, %28 : tensor<1x1024xf32, #blocked>
    %30 = tile.load %arg2[%c0_i32] : !tile.view<f16, 1> -> tensor<1024xf16, #cols>
    %31 = arith.extf %30 : tensor<1024xf16, #cols> to tensor<1024xf32, #cols>
    %32 = tile.expand_dims %31 axis 0 : tensor<1024xf32, #cols> -> tensor<1x1024xf32, #blocked>
    %33 = arith.addf %29, %32 : tensor<1x1024xf32, #blocked>
    %34 = arith.truncf %33 : tensor<1x1024xf32, #blocked> to tensor<1x1024xf16, #blocked>
    tile.store %34, %arg3[%1, %c0_i32] : tensor<1x1024xf16, #blocked> -> !tile.view<f16, 2>
    return
  }
}

