#blocked = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
#map = affine_map<()[s0, s1] -> (s0)>
#cols = #tilegpu.slice<dim = 0, parent = #blocked>
#rows = #tilegpu.slice<dim = 1, parent = #blocked>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @layernorm(%arg0: !tile.view<f16, 2> {tile.name = "X", tile.role = "input", tile.shape = ["M", "N"]}, %arg1: !tile.view<f16, 1> {tile.name = "W", tile.role = "input", tile.shape = ["N"]}, %arg2: !tile.view<f16, 1> {tile.name = "B", tile.role = "input", tile.shape = ["N"]}, %arg3: !tile.view<f16, 2> {tile.name = "Y", tile.role = "output", tile.shape = ["M", "N"]}, %arg4: f32 {tile.name = "eps"}) attributes {tile.constants = {BLOCK_N = 1024 : i64, DTYPE = f16, LOOPED = false, NUM_WARPS = 4 : i64, PREFETCH = false, ROWS = 1 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 4 : i32, tile.prefetch_registers = false, tile.sizes = ["M", "N"], tilegpu.shared_bytes = 1040 : i64} {
    %cst = arith.constant dense<0.000000e+00> : tensor<1x1024xf32, #blocked>
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
    %12 = tile.dim %arg1, 0 : !tile.view<f16, 1>
    %13 = arith.extsi %12 : i32 to i64
    %14 = arith.cmpi sge, %13, %c1024_i64 : i64
    %15 = arith.andi %11, %14 : i1
    %16 = tile.dim %arg2, 0 : !tile.view<f16, 1>
    %17 = arith.extsi %16 : i32 to i64
    %18 = arith.cmpi sge, %17, %c1024_i64 : i64
    %19 = arith.andi %15, %18 : i1
    %20 = tile.dim %arg3, 0 : !tile.view<f16, 2>
    %21 = arith.extsi %20 : i32 to i64
    %22 = arith.cmpi sle, %4, %21 : i64
    %23 = arith.andi %5, %22 : i1
    %24 = arith.andi %19, %23 : i1
    %25 = tile.dim %arg3, 1 : !tile.view<f16, 2>
    %26 = arith.extsi %25 : i32 to i64
    %27 = arith.cmpi sge, %26, %c1024_i64 : i64
    %28 = arith.andi %24, %27 : i1
    %29 = arith.cmpi sgt, %9, %c1023_i64 : i64
    %30 = arith.andi %28, %29 : i1
    %31 = arith.sitofp %8 : i32 to f32
    scf.if %30 {
      %32 = tile.load %arg0[%0, %c0_i32] {in_bounds = array<i1: true, true>} : !tile.view<f16, 2> -> tensor<1x1024xf16, #blocked>
      %33 = arith.extf %32 : tensor<1x1024xf16, #blocked> to tensor<1x1024xf32, #blocked>
      %34 = tile.reduce sum %33 axis 1 {tilegpu.shared_offset = 0 : i64} : tensor<1x1024xf32, #blocked> -> tensor<1xf32, #rows>
      %35 = tile.splat %31 : f32 -> tensor<1xf32, #rows>
      %36 = tile.splat %31 : f32 -> tensor<1xf32, #rows>
      %37 = arith.divf %34, %35 : tensor<1xf32, #rows>
      %38 = tile.expand_dims %37 axis 1 : tensor<1xf32, #rows> -> tensor<1x1xf32, #rows>
      %39 = tile.broadcast %38 : tensor<1x1xf32, #rows> -> tensor<1x1024xf32, #blocked>
      %40 = arith.subf %33, %39 : tensor<1x1024xf32, #blocked>
      %41 = arith.mulf %40, %40 : tensor<1x1024xf32, #blocked>
      %42 = tile.reduce sum %41 axis 1 {tilegpu.shared_offset = 1024 : i64} : tensor<1x1024xf32, #blocked> -> tensor<1xf32, #rows>
      %43 = arith.divf %42, %36 : tensor<1xf32, #rows>
      %44 = tile.splat %arg4 : f32 -> tensor<1xf32, #rows>
      %45 = arith.addf %43, %44 : tensor<1xf32, #rows>
      %46 = math.rsqrt %45 : tensor<1xf32, #rows>
      %47 = tile.expand_dims %46 axis 1 : tensor<1xf32, #rows> -> tensor<1x1xf32, #rows>
      %48 = tile.broadcast %47 : tensor<1x1xf32, #rows> -> tensor<1x1024xf32, #blocked>
      %49 = arith.mulf %40, %48 : tensor<1x1024xf32, #blocked>
      %50 = tile.load %arg1[%c0_i32] {in_bounds = array<i1: true>} : !tile.view<f16, 1> -> tensor<1024xf16, #cols>
      %51 = arith.extf %50 : tensor<1024xf16, #cols> to tensor<1024xf32, #cols>
      %52 = tile.expand_dims %51 axis 0 : tensor<1024xf32, #cols> -> tensor<1x1024xf32, #blocked>
      %53 = arith.mulf %49, %52 : tensor<1x1024xf32, #blocked>
      %54 = tile.load %arg2[%c0_i32] {in_bounds = array<i1: true>} : !tile.view<f16, 1> -> tensor<1024xf16, #cols>
      %55 = arith.extf %54 : tensor<1024xf16, #cols> to tensor<1024xf32, #cols>
      %56 = tile.expand_dims %55 axis 0 : tensor<1024xf32, #cols> -> tensor<1x1024xf32, #blocked>
      %57 = arith.addf %53, %56 : tensor<1x1024xf32, #blocked>
      %58 = arith.truncf %57 : tensor<1x1024xf32, #blocked> to tensor<1x1024xf16, #blocked>
      tile.store %58, %arg3[%0, %c0_i32] {in_bounds = array<i1: true, true>} : tensor<1x1024xf16, #blocked> -> !tile.view<f16, 2>
    } else {
      %32 = tile.iota : tensor<1024xi32, #cols>
      %33 = tile.load %arg0[%0, %c0_i32] : !tile.view<f16, 2> -> tensor<1x1024xf16, #blocked>
      %34 = arith.extf %33 : tensor<1x1024xf16, #blocked> to tensor<1x1024xf32, #blocked>
      %35 = tile.reduce sum %34 axis 1 {tilegpu.shared_offset = 0 : i64} : tensor<1x1024xf32, #blocked> -> tensor<1xf32, #rows>
      %36 = tile.splat %31 : f32 -> tensor<1xf32, #rows>
      %37 = tile.splat %31 : f32 -> tensor<1xf32, #rows>
      %38 = arith.divf %35, %36 : tensor<1xf32, #rows>
      %39 = tile.expand_dims %32 axis 0 : tensor<1024xi32, #cols> -> tensor<1x1024xi32, #blocked>
      %40 = tile.splat %8 : i32 -> tensor<1x1024xi32, #blocked>
      %41 = arith.cmpi slt, %39, %40 : tensor<1x1024xi32, #blocked>
      %42 = tile.expand_dims %38 axis 1 : tensor<1xf32, #rows> -> tensor<1x1xf32, #rows>
      %43 = tile.broadcast %42 : tensor<1x1xf32, #rows> -> tensor<1x1024xf32, #blocked>
      %44 = arith.subf %34, %43 : tensor<1x1024xf32, #blocked>
      %45 = arith.select %41, %44, %cst : tensor<1x1024xi1, #blocked>, tensor<1x1024xf32, #blocked>
      %46 = arith.mulf %45, %45 : tensor<1x1024xf32, #blocked>
      %47 = tile.reduce sum %46 axis 1 {tilegpu.shared_offset = 1024 : i64} : tensor<1x1024xf32, #blocked> -> tensor<1xf32, #rows>
      %48 = arith.divf %47, %37 : tensor<1xf32, #rows>
      %49 = tile.splat %arg4 : f32 -> tensor<1xf32, #rows>
      %50 = arith.addf %48, %49 : tensor<1xf32, #rows>
      %51 = math.rsqrt %50 : tensor<1xf32, #rows>
      %52 = tile.expand_dims %51 axis 1 : tensor<1xf32, #rows> -> tensor<1x1xf32, #rows>
      %53 = tile.broadcast %52 : tensor<1x1xf32, #rows> -> tensor<1x1024xf32, #blocked>
      %54 = arith.mulf %45, %53 : tensor<1x1024xf32, #blocked>
      %55 = tile.load %arg1[%c0_i32] : !tile.view<f16, 1> -> tensor<1024xf16, #cols>
      %56 = arith.extf %55 : tensor<1024xf16, #cols> to tensor<1024xf32, #cols>
      %57 = tile.expand_dims %56 axis 0 : tensor<1024xf32, #cols> -> tensor<1x1024xf32, #blocked>
      %58 = arith.mulf %54, %57 : tensor<1x1024xf32, #blocked>
      %59 = tile.load %arg2[%c0_i32] : !tile.view<f16, 1> -> tensor<1024xf16, #cols>
      %60 = arith.extf %59 : tensor<1024xf16, #cols> to tensor<1024xf32, #cols>
      %61 = tile.expand_dims %60 axis 0 : tensor<1024xf32, #cols> -> tensor<1x1024xf32, #blocked>
      %62 = arith.addf %58, %61 : tensor<1x1024xf32, #blocked>
      %63 = arith.truncf %62 : tensor<1x1024xf32, #blocked> to tensor<1x1024xf16, #blocked>
      tile.store %63, %arg3[%0, %c0_i32] : tensor<1x1024xf16, #blocked> -> !tile.view<f16, 2>
    }
    return
  }
}

