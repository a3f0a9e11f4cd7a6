#blocked = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
#cols = #tilegpu.slice<dim = 0, parent = #blocked>
#rows = #tilegpu.slice<dim = 1, parent = #blocked>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @softmax_row(%arg0: !tile.view<f16, 2>, %arg1: !tile.view<f16, 2>, %arg2: i32, %arg3: i32) attributes {tile.kernel, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 16 : i64} {
    %cst = arith.constant dense<0xFF800000> : tensor<1x1024xf32, #blocked>
    %c0_i32 = arith.constant 0 : i32
    %c1023_i64 = arith.constant 1023 : i64
    %c1024_i64 = arith.constant 1024 : i64
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %0 = arith.extsi %arg2 : i32 to i64
    %1 = tile.dim %arg0, 0 : !tile.view<f16, 2>
    %2 = arith.extsi %1 : i32 to i64
    %3 = arith.addi %0, %c1_i64 : i64
    %4 = arith.cmpi sge, %0, %c0_i64 : i64
    %5 = arith.cmpi sle, %3, %2 : i64
    %6 = arith.andi %4, %5 : i1
    %7 = tile.dim %arg0, 1 : !tile.view<f16, 2>
    %8 = arith.extsi %7 : i32 to i64
    %9 = arith.cmpi sge, %8, %c1024_i64 : i64
    %10 = arith.andi %6, %9 : i1
    %11 = tile.dim %arg1, 0 : !tile.view<f16, 2>
    %12 = arith.extsi %11 : i32 to i64
    %13 = arith.cmpi sle, %3, %12 : i64
    %14 = arith.andi %4, %13 : i1
    %15 = arith.andi %10, %14 : i1
    %16 = tile.dim %arg1, 1 : !tile.view<f16, 2>
    %17 = arith.extsi %16 : i32 to i64
    %18 = arith.cmpi sge, %17, %c1024_i64 : i64
    %19 = arith.andi %15, %18 : i1
    %20 = arith.extsi %arg3 : i32 to i64
    %21 = arith.cmpi sgt, %20, %c1023_i64 : i64
    %22 = arith.andi %19, %21 : i1
    scf.if %22 {
      %23 = tile.load %arg0[%arg2, %c0_i32] {in_bounds = array<i1: true, true>} : !tile.view<f16, 2> -> tensor<1x1024xf16, #blocked>
      %24 = arith.extf %23 : tensor<1x1024xf16, #blocked> to tensor<1x1024xf32, #blocked>
      %25 = tile.reduce max %24 axis 1 {tilegpu.shared_offset = 0 : i64} : tensor<1x1024xf32, #blocked> -> tensor<1xf32, #rows>
      %26 = tile.expand_dims %25 axis 1 : tensor<1xf32, #rows> -> tensor<1x1xf32, #rows>
      %27 = tile.broadcast %26 : tensor<1x1xf32, #rows> -> tensor<1x1024xf32, #blocked>
      %28 = arith.subf %24, %27 : tensor<1x1024xf32, #blocked>
      %29 = arith.truncf %28 : tensor<1x1024xf32, #blocked> to tensor<1x1024xf16, #blocked>
      tile.store %29, %arg1[%arg2, %c0_i32] {in_bounds = array<i1: true, true>} : tensor<1x1024xf16, #blocked> -> !tile.view<f16, 2>
    } else {
      %23 = tile.load %arg0[%arg2, %c0_i32] : !tile.view<f16, 2> -> tensor<1x1024xf16, #blocked>
      %24 = arith.extf %23 : tensor<1x1024xf16, #blocked> to tensor<1x1024xf32, #blocked>
      %25 = tile.iota : tensor<1024xi32, #cols>
      %26 = tile.expand_dims %25 axis 0 : tensor<1024xi32, #cols> -> tensor<1x1024xi32, #blocked>
      %27 = tile.splat %arg3 : i32 -> tensor<1x1024xi32, #blocked>
      %28 = arith.cmpi slt, %26, %27 : tensor<1x1024xi32, #blocked>
      %29 = arith.select %28, %24, %cst : tensor<1x1024xi1, #blocked>, tensor<1x1024xf32, #blocked>
      %30 = tile.reduce max %29 axis 1 {tilegpu.shared_offset = 0 : i64} : tensor<1x1024xf32, #blocked> -> tensor<1xf32, #rows>
      %31 = tile.expand_dims %30 axis 1 : tensor<1xf32, #rows> -> tensor<1x1xf32, #rows>
      %32 = tile.broadcast %31 : tensor<1x1xf32, #rows> -> tensor<1x1024xf32, #blocked>
      %33 = arith.subf %29, %32 : tensor<1x1024xf32, #blocked>
      %34 = arith.truncf %33 : tensor<1x1024xf32, #blocked> to tensor<1x1024xf16, #blocked>
      tile.store %34, %arg1[%arg2, %c0_i32] : tensor<1x1024xf16, #blocked> -> !tile.view<f16, 2>
    }
    return
  }
}

