#blocked = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [1, 10], order = [1, 0]>
#cols = #tilegpu.slice<dim = 0, parent = #blocked>
#rows = #tilegpu.slice<dim = 1, parent = #blocked>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @ten_warps(%arg0: !tile.view<f16, 2>, %arg1: !tile.view<f16, 1>, %arg2: !tile.view<f16, 2>, %arg3: i32) attributes {tile.kernel, tile.num_warps = 10 : i32, tilegpu.shared_bytes = 80 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %c5120_i64 = arith.constant 5120 : i64
    %c0_i64 = arith.constant 0 : i64
    %c2_i64 = arith.constant 2 : i64
    %0 = arith.extsi %arg3 : i32 to i64
    %1 = tile.dim %arg0, 0 : !tile.view<f16, 2>
    %2 = arith.extsi %1 : i32 to i64
    %3 = arith.addi %0, %c2_i64 : i64
    %4 = arith.cmpi sge, %0, %c0_i64 : i64
    %5 = arith.cmpi sle, %3, %2 : i64
    %6 = arith.andi %4, %5 : i1
    %7 = tile.dim %arg0, 1 : !tile.view<f16, 2>
    %8 = arith.extsi %7 : i32 to i64
    %9 = arith.cmpi sge, %8, %c5120_i64 : i64
    %10 = arith.andi %6, %9 : i1
    %11 = tile.dim %arg1, 0 : !tile.view<f16, 1>
    %12 = arith.extsi %11 : i32 to i64
    %13 = arith.cmpi sge, %12, %c5120_i64 : i64
    %14 = arith.andi %10, %13 : i1
    %15 = tile.dim %arg2, 0 : !tile.view<f16, 2>
    %16 = arith.extsi %15 : i32 to i64
    %17 = arith.cmpi sle, %3, %16 : i64
    %18 = arith.andi %4, %17 : i1
    %19 = arith.andi %14, %18 : i1
    %20 = tile.dim %arg2, 1 : !tile.view<f16, 2>
    %21 = arith.extsi %20 : i32 to i64
    %22 = arith.cmpi sge, %21, %c5120_i64 : i64
    %23 = arith.andi %19, %22 : i1
    scf.if %23 {
      %24 = tile.load %arg0[%arg3, %c0_i32] {in_bounds = array<i1: true, true>} : !tile.view<f16, 2> -> tensor<2x5120xf16, #blocked>
      %25 = arith.extf %24 : tensor<2x5120xf16, #blocked> to tensor<2x5120xf32, #blocked>
      %26 = tile.reduce sum %25 axis 1 {tilegpu.shared_offset = 0 : i64} : tensor<2x5120xf32, #blocked> -> tensor<2xf32, #rows>
      %27 = tile.expand_dims %26 axis 1 : tensor<2xf32, #rows> -> tensor<2x1xf32, #rows>
      %28 = tile.broadcast %27 : tensor<2x1xf32, #rows> -> tensor<2x5120xf32, #blocked>
      %29 = tile.load %arg1[%c0_i32] {in_bounds = array<i1: true>} : !tile.view<f16, 1> -> tensor<5120xf16, #cols>
      %30 = arith.extf %29 : tensor<5120xf16, #cols> to tensor<5120xf32, #cols>
      %31 = tile.expand_dims %30 axis 0 : tensor<5120xf32, #cols> -> tensor<1x5120xf32, #cols>
      %32 = tile.broadcast %31 : tensor<1x5120xf32, #cols> -> tensor<2x5120xf32, #blocked>
      %33 = arith.divf %25, %28 : tensor<2x5120xf32, #blocked>
      %34 = arith.mulf %33, %32 : tensor<2x5120xf32, #blocked>
      %35 = arith.truncf %34 : tensor<2x5120xf32, #blocked> to tensor<2x5120xf16, #blocked>
      tile.store %35, %arg2[%arg3, %c0_i32] {in_bounds = array<i1: true, true>} : tensor<2x5120xf16, #blocked> -> !tile.view<f16, 2>
    } else {
      %24 = tile.load %arg0[%arg3, %c0_i32] : !tile.view<f16, 2> -> tensor<2x5120xf16, #blocked>
      %25 = arith.extf %24 : tensor<2x5120xf16, #blocked> to tensor<2x5120xf32, #blocked>
      %26 = tile.reduce sum %25 axis 1 {tilegpu.shared_offset = 0 : i64} : tensor<2x5120xf32, #blocked> -> tensor<2xf32, #rows>
      %27 = tile.expand_dims %26 axis 1 : tensor<2xf32, #rows> -> tensor<2x1xf32, #rows>
      %28 = tile.broadcast %27 : tensor<2x1xf32, #rows> -> tensor<2x5120xf32, #blocked>
      %29 = tile.load %arg1[%c0_i32] : !tile.view<f16, 1> -> tensor<5120xf16, #cols>
      %30 = arith.extf %29 : tensor<5120xf16, #cols> to tensor<5120xf32, #cols>
      %31 = tile.expand_dims %30 axis 0 : tensor<5120xf32, #cols> -> tensor<1x5120xf32, #cols>
      %32 = tile.broadcast %31 : tensor<1x5120xf32, #cols> -> tensor<2x5120xf32, #blocked>
      %33 = arith.divf %25, %28 : tensor<2x5120xf32, #blocked>
      %34 = arith.mulf %33, %32 : tensor<2x5120xf32, #blocked>
      %35 = arith.truncf %34 : tensor<2x5120xf32, #blocked> to tensor<2x5120xf16, #blocked>
      tile.store %35, %arg2[%arg3, %c0_i32] : tensor<2x5120xf16, #blocked> -> !tile.view<f16, 2>
    }
    return
  }
}

