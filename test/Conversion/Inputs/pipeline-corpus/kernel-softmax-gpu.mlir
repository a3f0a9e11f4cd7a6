#blocked = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
#map = affine_map<()[s0, s1] -> (s0)>
#cols = #tilegpu.slice<dim = 0, parent = #blocked>
#rows = #tilegpu.slice<dim = 1, parent = #blocked>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @softmax(%arg0: !tile.view<f16, 2> {tile.name = "X", tile.role = "input", tile.shape = ["M", "N"]}, %arg1: !tile.view<f16, 2> {tile.name = "Y", tile.role = "output", tile.shape = ["M", "N"]}) attributes {tile.constants = {BLOCK_N = 1024 : i64, DTYPE = f16, LOOPED = false, NUM_WARPS = 4 : i64, PREFETCH = false, ROWS = 1 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 4 : i32, tile.prefetch_registers = false, tile.sizes = ["M", "N"], tilegpu.shared_bytes = 1040 : i64} {
    %cst = arith.constant dense<0xFF800000> : tensor<1x1024xf32, #blocked>
    %cst_0 = arith.constant dense<1.000000e+00> : tensor<1xf32, #rows>
    %cst_1 = arith.constant dense<1.000000e+00> : tensor<1xf32, #rows>
    %c0_i32 = arith.constant 0 : i32
    %c1023_i64 = arith.constant 1023 : i64
    %c1024_i64 = arith.constant 1024 : i64
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %0 = tile.program_id 0
    %1 = arith.extsi %0 : i32 to i64
    %2 = tile.dim %arg0, 0 : !tile.view<f16, 2>
    %3 = arith.extsi %2 : i32 to i64
    %4 = arith.addi %1, %c1_i64 : i64
    %5 = arith.cmpi sge, %1, %c0_i64 : i64
    %6 = arith.cmpi sle, %4, %3 : i64
    %7 = arith.andi %5, %6 : i1
    %8 = tile.dim %arg0, 1 : !tile.view<f16, 2>
    %9 = arith.extsi %8 : i32 to i64
    %10 = arith.cmpi sge, %9, %c1024_i64 : i64
    %11 = arith.andi %7, %10 : i1
    %12 = tile.dim %arg1, 0 : !tile.view<f16, 2>
    %13 = arith.extsi %12 : i32 to i64
    %14 = arith.cmpi sle, %4, %13 : i64
    %15 = arith.andi %5, %14 : i1
    %16 = arith.andi %11, %15 : i1
    %17 = tile.dim %arg1, 1 : !tile.view<f16, 2>
    %18 = arith.extsi %17 : i32 to i64
    %19 = arith.cmpi sge, %18, %c1024_i64 : i64
    %20 = arith.andi %16, %19 : i1
    %21 = arith.cmpi sgt, %9, %c1023_i64 : i64
    %22 = arith.andi %20, %21 : i1
    scf.if %22 {
      %23 = tile.load %arg0[%0, %c0_i32] {in_bounds = array<i1: true, true>} : !tile.view<f16, 2> -> tensor<1x1024xf16, #blocked>
      %24 = arith.extf %23 : tensor<1x1024xf16, #blocked> to tensor<1x1024xf32, #blocked>
      %25 = tile.reduce max %24 axis 1 {tilegpu.shared_offset = 0 : i64} : tensor<1x1024xf32, #blocked> -> tensor<1xf32, #rows>
      %26 = tile.expand_dims %25 axis 1 : tensor<1xf32, #rows> -> tensor<1x1xf32, #rows>
      %27 = tile.broadcast %26 : tensor<1x1xf32, #rows> -> tensor<1x1024xf32, #blocked>
      %28 = arith.subf %24, %27 : tensor<1x1024xf32, #blocked>
      %29 = math.exp %28 : tensor<1x1024xf32, #blocked>
      %30 = tile.reduce sum %29 axis 1 {tilegpu.shared_offset = 1024 : i64} : tensor<1x1024xf32, #blocked> -> tensor<1xf32, #rows>
      %31 = arith.divf %cst_0, %30 : tensor<1xf32, #rows>
      %32 = tile.expand_dims %31 axis 1 : tensor<1xf32, #rows> -> tensor<1x1xf32, #rows>
      %33 = tile.broadcast %32 : tensor<1x1xf32, #rows> -> tensor<1x1024xf32, #blocked>
      %34 = arith.mulf %29, %33 : tensor<1x1024xf32, #blocked>
      %35 = arith.truncf %34 : tensor<1x1024xf32, #blocked> to tensor<1x1024xf16, #blocked>
      tile.store %35, %arg1[%0, %c0_i32] {in_bounds = array<i1: true, true>} : tensor<1x1024xf16, #blocked> -> !tile.view<f16, 2>
    } else {
      %23 = tile.iota : tensor<1024xi32, #cols>
      %24 = tile.load %arg0[%0, %c0_i32] : !tile.view<f16, 2> -> tensor<1x1024xf16, #blocked>
      %25 = arith.extf %24 : tensor<1x1024xf16, #blocked> to tensor<1x1024xf32, #blocked>
      %26 = tile.expand_dims %23 axis 0 : tensor<1024xi32, #cols> -> tensor<1x1024xi32, #blocked>
      %27 = tile.splat %8 : i32 -> tensor<1x1024xi32, #blocked>
      %28 = arith.cmpi slt, %26, %27 : tensor<1x1024xi32, #blocked>
      %29 = arith.select %28, %25, %cst : tensor<1x1024xi1, #blocked>, tensor<1x1024xf32, #blocked>
      %30 = tile.reduce max %29 axis 1 {tilegpu.shared_offset = 0 : i64} : tensor<1x1024xf32, #blocked> -> tensor<1xf32, #rows>
      %31 = tile.expand_dims %30 axis 1 : tensor<1xf32, #rows> -> tensor<1x1xf32, #rows>
      %32 = tile.broadcast %31 : tensor<1x1xf32, #rows> -> tensor<1x1024xf32, #blocked>
      %33 = arith.subf %29, %32 : tensor<1x1024xf32, #blocked>
      %34 = math.exp %33 : tensor<1x1024xf32, #blocked>
      %35 = tile.reduce sum %34 axis 1 {tilegpu.shared_offset = 1024 : i64} : tensor<1x1024xf32, #blocked> -> tensor<1xf32, #rows>
      %36 = arith.divf %cst_1, %35 : tensor<1xf32, #rows>
      %37 = tile.expand_dims %36 axis 1 : tensor<1xf32, #rows> -> tensor<1x1xf32, #rows>
      %38 = tile.broadcast %37 : tensor<1x1xf32, #rows> -> tensor<1x1024xf32, #blocked>
      %39 = arith.mulf %34, %38 : tensor<1x1024xf32, #blocked>
      %40 = arith.truncf %39 : tensor<1x1024xf32, #blocked> to tensor<1x1024xf16, #blocked>
      tile.store %40, %arg1[%0, %c0_i32] : tensor<1x1024xf16, #blocked> -> !tile.view<f16, 2>
    }
    return
  }
}

