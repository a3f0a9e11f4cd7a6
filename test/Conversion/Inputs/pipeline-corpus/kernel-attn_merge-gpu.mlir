#blocked = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]>
#map = affine_map<()[s0, s1, s2] -> (s2 ceildiv 16, s1, s0)>
#rows = #tilegpu.slice<dim = 1, parent = #blocked>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @attn_merge(%arg0: !tile.view<f32, 4> {tile.init = 0.000000e+00 : f32, tile.name = "Out", tile.role = "inout", tile.shape = ["B", "H", "N", 64]}, %arg1: !tile.view<f32, 3> {tile.init = 0xFF800000 : f32, tile.name = "Lse", tile.role = "inout", tile.shape = ["B", "H", "N"]}, %arg2: !tile.view<f16, 4> {tile.name = "Part", tile.role = "input", tile.shape = ["B", "H", "N", 64]}, %arg3: !tile.view<f32, 3> {tile.name = "PartLse", tile.role = "input", tile.shape = ["B", "H", "N"]}) attributes {tile.constants = {BLOCK_M = 16 : i64, DTYPE = f16, HEAD_DIM = 64 : i64, NUM_WARPS = 8 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 8 : i32, tile.sizes = ["B", "H", "N"], tilegpu.shared_bytes = 0 : i64} {
    %cst = arith.constant dense<0xFF800000> : tensor<16xf32, #rows>
    %cst_0 = arith.constant dense<0xFF800000> : tensor<16xf32, #rows>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<16xf32, #rows>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<16xf32, #rows>
    %cst_3 = arith.constant dense<0.000000e+00> : tensor<16xf32, #rows>
    %cst_4 = arith.constant dense<0.000000e+00> : tensor<16xf32, #rows>
    %cst_5 = arith.constant dense<1.000000e+00> : tensor<16xf32, #rows>
    %cst_6 = arith.constant dense<1.000000e+00> : tensor<16xf32, #rows>
    %c0_i32 = arith.constant 0 : i32
    %c64_i64 = arith.constant 64 : i64
    %c16_i64 = arith.constant 16 : i64
    %c16_i32 = arith.constant 16 : i32
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %0 = tile.program_id 2
    %1 = arith.extsi %0 : i32 to i64
    %2 = tile.dim %arg0, 0 : !tile.view<f32, 4>
    %3 = arith.extsi %2 : i32 to i64
    %4 = arith.addi %1, %c1_i64 : i64
    %5 = arith.cmpi sge, %1, %c0_i64 : i64
    %6 = arith.cmpi sle, %4, %3 : i64
    %7 = arith.andi %5, %6 : i1
    %8 = tile.program_id 1
    %9 = arith.extsi %8 : i32 to i64
    %10 = tile.dim %arg0, 1 : !tile.view<f32, 4>
    %11 = arith.extsi %10 : i32 to i64
    %12 = arith.addi %9, %c1_i64 : i64
    %13 = arith.cmpi sge, %9, %c0_i64 : i64
    %14 = arith.cmpi sle, %12, %11 : i64
    %15 = arith.andi %13, %14 : i1
    %16 = arith.andi %7, %15 : i1
    %17 = tile.program_id 0
    %18 = arith.muli %17, %c16_i32 : i32
    %19 = arith.extsi %18 : i32 to i64
    %20 = tile.dim %arg0, 2 : !tile.view<f32, 4>
    %21 = arith.extsi %20 : i32 to i64
    %22 = arith.addi %19, %c16_i64 : i64
    %23 = arith.cmpi sge, %19, %c0_i64 : i64
    %24 = arith.cmpi sle, %22, %21 : i64
    %25 = arith.andi %23, %24 : i1
    %26 = arith.andi %16, %25 : i1
    %27 = tile.dim %arg0, 3 : !tile.view<f32, 4>
    %28 = arith.extsi %27 : i32 to i64
    %29 = arith.cmpi sge, %28, %c64_i64 : i64
    %30 = arith.andi %26, %29 : i1
    %31 = tile.dim %arg1, 0 : !tile.view<f32, 3>
    %32 = arith.extsi %31 : i32 to i64
    %33 = arith.cmpi sle, %4, %32 : i64
    %34 = arith.andi %5, %33 : i1
    %35 = arith.andi %30, %34 : i1
    %36 = tile.dim %arg1, 1 : !tile.view<f32, 3>
    %37 = arith.extsi %36 : i32 to i64
    %38 = arith.cmpi sle, %12, %37 : i64
    %39 = arith.andi %13, %38 : i1
    %40 = arith.andi %35, %39 : i1
    %41 = tile.dim %arg1, 2 : !tile.view<f32, 3>
    %42 = arith.extsi %41 : i32 to i64
    %43 = arith.cmpi sle, %22, %42 : i64
    %44 = arith.andi %23, %43 : i1
    %45 = arith.andi %40, %44 : i1
    %46 = tile.dim %arg2, 0 : !tile.view<f16, 4>
    %47 = arith.extsi %46 : i32 to i64
    %48 = arith.cmpi sle, %4, %47 : i64
    %49 = arith.andi %5, %48 : i1
    %50 = arith.andi %45, %49 : i1
    %51 = tile.dim %arg2, 1 : !tile.view<f16, 4>
    %52 = arith.extsi %51 : i32 to i64
    %53 = arith.cmpi sle, %12, %52 : i64
    %54 = arith.andi %13, %53 : i1
    %55 = arith.andi %50, %54 : i1
    %56 = tile.dim %arg2, 2 : !tile.view<f16, 4>
    %57 = arith.extsi %56 : i32 to i64
    %58 = arith.cmpi sle, %22, %57 : i64
    %59 = arith.andi %23, %58 : i1
    %60 = arith.andi %55, %59 : i1
    %61 = tile.dim %arg2, 3 : !tile.view<f16, 4>
    %62 = arith.extsi %61 : i32 to i64
    %63 = arith.cmpi sge, %62, %c64_i64 : i64
    %64 = arith.andi %60, %63 : i1
    %65 = tile.dim %arg3, 0 : !tile.view<f32, 3>
    %66 = arith.extsi %65 : i32 to i64
    %67 = arith.cmpi sle, %4, %66 : i64
    %68 = arith.andi %5, %67 : i1
    %69 = arith.andi %64, %68 : i1
    %70 = tile.dim %arg3, 1 : !tile.view<f32, 3>
    %71 = arith.extsi %70 : i32 to i64
    %72 = arith.cmpi sle, %12, %71 : i64
    %73 = arith.andi %13, %72 : i1
    %74 = arith.andi %69, %73 : i1
    %75 = tile.dim %arg3, 2 : !tile.view<f32, 3>
    %76 = arith.extsi %75 : i32 to i64
    %77 = arith.cmpi sle, %22, %76 : i64
    %78 = arith.andi %23, %77 : i1
    %79 = arith.andi %74, %78 : i1
    %80 = arith.andi %79, %7 : i1
    %81 = arith.andi %80, %15 : i1
    %82 = arith.andi %81, %25 : i1
    %83 = arith.andi %82, %29 : i1
    %84 = arith.andi %83, %34 : i1
    %85 = arith.andi %84, %39 : i1
    %86 = arith.andi %85, %44 : i1
    scf.if %86 {
      %87 = tile.load %arg0[%0, %8, %18, %c0_i32] {in_bounds = array<i1: true, true, true, true>} : !tile.view<f32, 4> -> tensor<16x64xf32, #blocked>
      %88 = tile.load %arg1[%0, %8, %18] {in_bounds = array<i1: true, true, true>} : !tile.view<f32, 3> -> tensor<16xf32, #rows>
      %89 = tile.load %arg2[%0, %8, %18, %c0_i32] {in_bounds = array<i1: true, true, true, true>} : !tile.view<f16, 4> -> tensor<16x64xf16, #blocked>
      %90 = arith.extf %89 : tensor<16x64xf16, #blocked> to tensor<16x64xf32, #blocked>
      %91 = tile.load %arg3[%0, %8, %18] {in_bounds = array<i1: true, true, true>} : !tile.view<f32, 3> -> tensor<16xf32, #rows>
      %92 = arith.maximumf %88, %91 : tensor<16xf32, #rows>
      %93 = arith.cmpf oeq, %92, %cst : tensor<16xf32, #rows>
      %94 = arith.select %93, %cst_3, %92 : tensor<16xi1, #rows>, tensor<16xf32, #rows>
      %95 = arith.subf %88, %94 : tensor<16xf32, #rows>
      %96 = math.exp %95 : tensor<16xf32, #rows>
      %97 = arith.subf %91, %94 : tensor<16xf32, #rows>
      %98 = math.exp %97 : tensor<16xf32, #rows>
      %99 = arith.addf %96, %98 : tensor<16xf32, #rows>
      %100 = arith.cmpf oeq, %99, %cst_2 : tensor<16xf32, #rows>
      %101 = arith.select %100, %cst_5, %99 : tensor<16xi1, #rows>, tensor<16xf32, #rows>
      %102 = arith.divf %96, %101 : tensor<16xf32, #rows>
      %103 = tile.expand_dims %102 axis 1 : tensor<16xf32, #rows> -> tensor<16x1xf32, #rows>
      %104 = tile.broadcast %103 : tensor<16x1xf32, #rows> -> tensor<16x64xf32, #blocked>
      %105 = arith.mulf %87, %104 : tensor<16x64xf32, #blocked>
      %106 = arith.divf %98, %101 : tensor<16xf32, #rows>
      %107 = tile.expand_dims %106 axis 1 : tensor<16xf32, #rows> -> tensor<16x1xf32, #rows>
      %108 = tile.broadcast %107 : tensor<16x1xf32, #rows> -> tensor<16x64xf32, #blocked>
      %109 = arith.mulf %90, %108 : tensor<16x64xf32, #blocked>
      %110 = arith.addf %105, %109 : tensor<16x64xf32, #blocked>
      tile.store %110, %arg0[%0, %8, %18, %c0_i32] {in_bounds = array<i1: true, true, true, true>} : tensor<16x64xf32, #blocked> -> !tile.view<f32, 4>
      %111 = math.log %99 : tensor<16xf32, #rows>
      %112 = arith.addf %94, %111 : tensor<16xf32, #rows>
      tile.store %112, %arg1[%0, %8, %18] {in_bounds = array<i1: true, true, true>} : tensor<16xf32, #rows> -> !tile.view<f32, 3>
    } else {
      %87 = tile.load %arg0[%0, %8, %18, %c0_i32] : !tile.view<f32, 4> -> tensor<16x64xf32, #blocked>
      %88 = tile.load %arg1[%0, %8, %18] : !tile.view<f32, 3> -> tensor<16xf32, #rows>
      %89 = tile.load %arg2[%0, %8, %18, %c0_i32] : !tile.view<f16, 4> -> tensor<16x64xf16, #blocked>
      %90 = arith.extf %89 : tensor<16x64xf16, #blocked> to tensor<16x64xf32, #blocked>
      %91 = tile.load %arg3[%0, %8, %18] : !tile.view<f32, 3> -> tensor<16xf32, #rows>
      %92 = arith.maximumf %88, %91 : tensor<16xf32, #rows>
      %93 = arith.cmpf oeq, %92, %cst_0 : tensor<16xf32, #rows>
      %94 = arith.select %93, %cst_4, %92 : tensor<16xi1, #rows>, tensor<16xf32, #rows>
      %95 = arith.subf %88, %94 : tensor<16xf32, #rows>
      %96 = math.exp %95 : tensor<16xf32, #rows>
      %97 = arith.subf %91, %94 : tensor<16xf32, #rows>
      %98 = math.exp %97 : tensor<16xf32, #rows>
      %99 = arith.addf %96, %98 : tensor<16xf32, #rows>
      %100 = arith.cmpf oeq, %99, %cst_1 : tensor<16xf32, #rows>
      %101 = arith.select %100, %cst_6, %99 : tensor<16xi1, #rows>, tensor<16xf32, #rows>
      %102 = arith.divf %96, %101 : tensor<16xf32, #rows>
      %103 = tile.expand_dims %102 axis 1 : tensor<16xf32, #rows> -> tensor<16x1xf32, #rows>
      %104 = tile.broadcast %103 : tensor<16x1xf32, #rows> -> tensor<16x64xf32, #blocked>
      %105 = arith.mulf %87, %104 : tensor<16x64xf32, #blocked>
      %106 = arith.divf %98, %101 : tensor<16xf32, #rows>
      %107 = tile.expand_dims %106 axis 1 : tensor<16xf32, #rows> -> tensor<16x1xf32, #rows>
      %108 = tile.broadcast %107 : tensor<16x1xf32, #rows> -> tensor<16x64xf32, #blocked>
      %109 = arith.mulf %90, %108 : tensor<16x64xf32, #blocked>
      %110 = arith.addf %105, %109 : tensor<16x64xf32, #blocked>
      tile.store %110, %arg0[%0, %8, %18, %c0_i32] : tensor<16x64xf32, #blocked> -> !tile.view<f32, 4>
      %111 = math.log %99 : tensor<16xf32, #rows>
      %112 = arith.addf %94, %111 : tensor<16xf32, #rows>
      tile.store %112, %arg1[%0, %8, %18] : tensor<16xf32, #rows> -> !tile.view<f32, 3>
    }
    return
  }
}

