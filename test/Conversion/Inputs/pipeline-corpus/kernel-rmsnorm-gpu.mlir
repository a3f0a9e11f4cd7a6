#blocked = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
#map = affine_map<()[s0, s1] -> (s0)>
#cols = #tilegpu.slice<dim = 0, parent = #blocked>
#rows = #tilegpu.slice<dim = 1, parent = #blocked>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @rmsnorm(%arg0: !tile.view<f16, 2> {tile.name = "X", tile.role = "input", tile.shape = ["M", "N"]}, %arg1: !tile.view<f16, 1> {tile.name = "W", tile.role = "input", tile.shape = ["N"]}, %arg2: !tile.view<f16, 2> {tile.name = "Y", tile.role = "output", tile.shape = ["M", "N"]}, %arg3: f32 {tile.name = "eps"}) attributes {tile.constants = {BLOCK_N = 1024 : i64, DTYPE = f16, LOOPED = false, NUM_WARPS = 4 : i64, PREFETCH = false, ROWS = 1 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 4 : i32, tile.prefetch_registers = false, tile.sizes = ["M", "N"], tilegpu.shared_bytes = 16 : i64} {
    %cst = arith.constant 1.000000e+00 : f32
    %c0_i32 = arith.constant 0 : i32
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %c1024_i64 = arith.constant 1024 : i64
    %0 = tile.dim %arg1, 0 : !tile.view<f16, 1>
    %1 = arith.extsi %0 : i32 to i64
    %2 = arith.cmpi sge, %1, %c1024_i64 : i64
    %3 = tile.program_id 0
    %4 = arith.extsi %3 : i32 to i64
    %5 = tile.dim %arg0, 0 : !tile.view<f16, 2>
    %6 = arith.extsi %5 : i32 to i64
    %7 = arith.addi %4, %c1_i64 : i64
    %8 = arith.cmpi sge, %4, %c0_i64 : i64
    %9 = arith.cmpi sle, %7, %6 : i64
    %10 = arith.andi %8, %9 : i1
    %11 = arith.andi %2, %10 : i1
    %12 = tile.dim %arg0, 1 : !tile.view<f16, 2>
    %13 = arith.extsi %12 : i32 to i64
    %14 = arith.cmpi sge, %13, %c1024_i64 : i64
    %15 = arith.andi %11, %14 : i1
    %16 = tile.dim %arg2, 0 : !tile.view<f16, 2>
    %17 = arith.extsi %16 : i32 to i64
    %18 = arith.cmpi sle, %7, %17 : i64
    %19 = arith.andi %8, %18 : i1
    %20 = arith.andi %15, %19 : i1
    %21 = tile.dim %arg2, 1 : !tile.view<f16, 2>
    %22 = arith.extsi %21 : i32 to i64
    %23 = arith.cmpi sge, %22, %c1024_i64 : i64
    %24 = arith.andi %20, %23 : i1
    %25 = arith.sitofp %12 : i32 to f32
    %26 = arith.divf %cst, %25 : f32
    scf.if %24 {
      %27 = tile.load %arg1[%c0_i32] {in_bounds = array<i1: true>} : !tile.view<f16, 1> -> tensor<1024xf16, #cols>
      %28 = arith.extf %27 : tensor<1024xf16, #cols> to tensor<1024xf32, #cols>
      %29 = tile.load %arg0[%3, %c0_i32] {in_bounds = array<i1: true, true>} : !tile.view<f16, 2> -> tensor<1x1024xf16, #blocked>
      %30 = arith.extf %29 : tensor<1x1024xf16, #blocked> to tensor<1x1024xf32, #blocked>
      %31 = arith.mulf %30, %30 : tensor<1x1024xf32, #blocked>
      %32 = tile.reduce sum %31 axis 1 {tilegpu.shared_offset = 0 : i64} : tensor<1x1024xf32, #blocked> -> tensor<1xf32, #rows>
      %33 = tile.splat %26 : f32 -> tensor<1xf32, #rows>
      %34 = arith.mulf %32, %33 : tensor<1xf32, #rows>
      %35 = tile.splat %arg3 : f32 -> tensor<1xf32, #rows>
      %36 = arith.addf %34, %35 : tensor<1xf32, #rows>
      %37 = math.rsqrt %36 : tensor<1xf32, #rows>
      %38 = tile.expand_dims %37 axis 1 : tensor<1xf32, #rows> -> tensor<1x1xf32, #rows>
      %39 = tile.broadcast %38 : tensor<1x1xf32, #rows> -> tensor<1x1024xf32, #blocked>
      %40 = arith.mulf %30, %39 : tensor<1x1024xf32, #blocked>
      %41 = tile.expand_dims %28 axis 0 : tensor<1024xf32, #cols> -> tensor<1x1024xf32, #blocked>
      %42 = arith.mulf %40, %41 : tensor<1x1024xf32, #blocked>
      %43 = arith.truncf %42 : tensor<1x1024xf32, #blocked> to tensor<1x1024xf16, #blocked>
      tile.store %43, %arg2[%3, %c0_i32] {in_bounds = array<i1: true, true>} : tensor<1x1024xf16, #blocked> -> !tile.view<f16, 2>
    } else {
      %27 = tile.load %arg1[%c0_i32] : !tile.view<f16, 1> -> tensor<1024xf16, #cols>
      %28 = arith.extf %27 : tensor<1024xf16, #cols> to tensor<1024xf32, #cols>
      %29 = tile.load %arg0[%3, %c0_i32] : !tile.view<f16, 2> -> tensor<1x1024xf16, #blocked>
      %30 = arith.extf %29 : tensor<1x1024xf16, #blocked> to tensor<1x1024xf32, #blocked>
      %31 = arith.mulf %30, %30 : tensor<1x1024xf32, #blocked>
      %32 = tile.reduce sum %31 axis 1 {tilegpu.shared_offset = 0 : i64} : tensor<1x1024xf32, #blocked> -> tensor<1xf32, #rows>
      %33 = tile.splat %26 : f32 -> tensor<1xf32, #rows>
      %34 = arith.mulf %32, %33 : tensor<1xf32, #rows>
      %35 = tile.splat %arg3 : f32 -> tensor<1xf32, #rows>
      %36 = arith.addf %34, %35 : tensor<1xf32, #rows>
      %37 = math.rsqrt %36 : tensor<1xf32, #rows>
      %38 = tile.expand_dims %37 axis 1 : tensor<1xf32, #rows> -> tensor<1x1xf32, #rows>
      %39 = tile.broadcast %38 : tensor<1x1xf32, #rows> -> tensor<1x1024xf32, #blocked>
      %40 = arith.mulf %30, %39 : tensor<1x1024xf32, #blocked>
      %41 = tile.expand_dims %28 axis 0 : tensor<1024xf32, #cols> -> tensor<1x1024xf32, #blocked>
      %42 = arith.mulf %40, %41 : tensor<1x1024xf32, #blocked>
      %43 = arith.truncf %42 : tensor<1x1024xf32, #blocked> to tensor<1x1024xf16, #blocked>
      tile.store %43, %arg2[%3, %c0_i32] : tensor<1x1024xf16, #blocked> -> !tile.view<f16, 2>
    }
    return
  }
}

