#blocked = #tilegpu.blocked<sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#blocked1 = #tilegpu.blocked<sizePerThread = [8, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]>
#cols = #tilegpu.slice<dim = 0, parent = #blocked1>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @row_to_scalar(%arg0: !tile.view<f16, 2>, %arg1: !tile.view<f32, 1>, %arg2: !tile.view<f32, 2>, %arg3: i32) attributes {tile.kernel, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 16 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %c1024_i64 = arith.constant 1024 : i64
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %0 = arith.extsi %arg3 : i32 to i64
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
    %11 = tile.dim %arg2, 0 : !tile.view<f32, 2>
    %12 = arith.extsi %11 : i32 to i64
    %13 = arith.cmpi sle, %3, %12 : i64
    %14 = arith.andi %4, %13 : i1
    %15 = arith.andi %10, %14 : i1
    %16 = tile.dim %arg2, 1 : !tile.view<f32, 2>
    %17 = arith.extsi %16 : i32 to i64
    %18 = arith.cmpi sge, %17, %c1024_i64 : i64
    %19 = arith.andi %15, %18 : i1
    scf.if %19 {
      %20 = tile.load %arg0[%arg3, %c0_i32] {in_bounds = array<i1: true, true>} : !tile.view<f16, 2> -> tensor<1024xf16, #blocked>
      %21 = arith.extf %20 : tensor<1024xf16, #blocked> to tensor<1024xf32, #blocked>
      %22 = tile.expand_dims %21 axis 1 : tensor<1024xf32, #blocked> -> tensor<1024x1xf32, #blocked1>
      %23 = tile.reduce sum %22 axis 0 {tilegpu.shared_offset = 0 : i64} : tensor<1024x1xf32, #blocked1> -> tensor<1xf32, #cols>
      %24 = tile.to_scalar %23 : tensor<1xf32, #cols> -> f32
      tile.store_scalar %24, %arg1[%arg3] : f32 -> !tile.view<f32, 1>
      %25 = tile.broadcast %23 : tensor<1xf32, #cols> -> tensor<1024xf32, #blocked>
      %26 = arith.subf %21, %25 : tensor<1024xf32, #blocked>
      tile.store %26, %arg2[%arg3, %c0_i32] {in_bounds = array<i1: true, true>} : tensor<1024xf32, #blocked> -> !tile.view<f32, 2>
    } else {
      %20 = tile.load %arg0[%arg3, %c0_i32] : !tile.view<f16, 2> -> tensor<1024xf16, #blocked>
      %21 = arith.extf %20 : tensor<1024xf16, #blocked> to tensor<1024xf32, #blocked>
      %22 = tile.expand_dims %21 axis 1 : tensor<1024xf32, #blocked> -> tensor<1024x1xf32, #blocked1>
      %23 = tile.reduce sum %22 axis 0 {tilegpu.shared_offset = 0 : i64} : tensor<1024x1xf32, #blocked1> -> tensor<1xf32, #cols>
      %24 = tile.to_scalar %23 : tensor<1xf32, #cols> -> f32
      tile.store_scalar %24, %arg1[%arg3] : f32 -> !tile.view<f32, 1>
      %25 = tile.broadcast %23 : tensor<1xf32, #cols> -> tensor<1024xf32, #blocked>
      %26 = arith.subf %21, %25 : tensor<1024xf32, #blocked>
      tile.store %26, %arg2[%arg3, %c0_i32] : tensor<1024xf32, #blocked> -> !tile.view<f32, 2>
    }
    return
  }
}

