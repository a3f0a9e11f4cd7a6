#blocked = #tilegpu.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>
#map = affine_map<()[s0, s1] -> (s0)>
#cols = #tilegpu.slice<dim = 0, parent = #blocked>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @chunks(%arg0: !tile.view<f32, 2> {tile.name = "X", tile.role = "input", tile.shape = ["M", "N"]}, %arg1: !tile.view<f32, 2> {tile.name = "Y", tile.role = "output", tile.shape = ["M", "N"]}) attributes {tile.grid = #map, tile.kernel, tile.num_warps = 1 : i32, tile.sizes = ["M", "N"], tilegpu.shared_bytes = 0 : i64} {
    %c2147483647_i64 = arith.constant 2147483647 : i64
    %c-2147483648_i64 = arith.constant -2147483648 : i64
    %c7_i64 = arith.constant 7 : i64
    %c8_i64 = arith.constant 8 : i64
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<1x8xf32, #blocked>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<1x8xf32, #blocked>
    %c8_i32 = arith.constant 8 : i32
    %c0_i32 = arith.constant 0 : i32
    %0 = tile.program_id 0
    %1 = tile.dim %arg0, 1 : !tile.view<f32, 2>
    %2 = tile.iota : tensor<8xi32, #cols>
    %3 = tile.expand_dims %2 axis 0 : tensor<8xi32, #cols> -> tensor<1x8xi32, #blocked>
    %4 = tile.splat %1 : i32 -> tensor<1x8xi32, #blocked>
    %5 = scf.for %arg2 = %c0_i32 to %1 step %c8_i32 iter_args(%arg3 = %cst_0) -> (tensor<1x8xf32, #blocked>)  : i32 {
      %6 = arith.extsi %0 : i32 to i64
      %7 = tile.dim %arg0, 0 : !tile.view<f32, 2>
      %8 = arith.extsi %7 : i32 to i64
      %9 = arith.addi %6, %c1_i64 : i64
      %10 = arith.cmpi sge, %6, %c0_i64 : i64
      %11 = arith.cmpi sle, %9, %8 : i64
      %12 = arith.andi %10, %11 : i1
      %13 = arith.extsi %arg2 : i32 to i64
      %14 = arith.extsi %1 : i32 to i64
      %15 = arith.addi %13, %c8_i64 : i64
      %16 = arith.cmpi sge, %13, %c0_i64 : i64
      %17 = arith.cmpi sle, %15, %14 : i64
      %18 = arith.andi %16, %17 : i1
      %19 = arith.andi %12, %18 : i1
      %20 = arith.addi %13, %c7_i64 : i64
      %21 = arith.cmpi sge, %13, %c-2147483648_i64 : i64
      %22 = arith.cmpi sle, %20, %c2147483647_i64 : i64
      %23 = arith.andi %21, %22 : i1
      %24 = arith.cmpi slt, %20, %14 : i64
      %25 = arith.andi %24, %23 : i1
      %26 = arith.andi %19, %25 : i1
      %27 = scf.if %26 -> (tensor<1x8xf32, #blocked>) {
        %28 = tile.load %arg0[%0, %arg2] {in_bounds = array<i1: true, true>} : !tile.view<f32, 2> -> tensor<1x8xf32, #blocked>
        %29 = arith.addf %arg3, %28 : tensor<1x8xf32, #blocked>
        scf.yield %29 : tensor<1x8xf32, #blocked>
      } else {
        %28 = tile.load %arg0[%0, %arg2] : !tile.view<f32, 2> -> tensor<1x8xf32, #blocked>
        %29 = tile.splat %arg2 : i32 -> tensor<1x8xi32, #blocked>
        %30 = arith.addi %29, %3 : tensor<1x8xi32, #blocked>
        %31 = arith.cmpi slt, %30, %4 : tensor<1x8xi32, #blocked>
        %32 = arith.select %31, %28, %cst : tensor<1x8xi1, #blocked>, tensor<1x8xf32, #blocked>
        %33 = arith.addf %arg3, %32 : tensor<1x8xf32, #blocked>
        scf.yield %33 : tensor<1x8xf32, #blocked>
      }
      scf.yield %27 : tensor<1x8xf32, #blocked>
    }
    scf.for %arg2 = %c0_i32 to %1 step %c8_i32  : i32 {
      %6 = arith.extsi %0 : i32 to i64
      %7 = tile.dim %arg0, 0 : !tile.view<f32, 2>
      %8 = arith.extsi %7 : i32 to i64
      %9 = arith.addi %6, %c1_i64 : i64
      %10 = arith.cmpi sge, %6, %c0_i64 : i64
      %11 = arith.cmpi sle, %9, %8 : i64
      %12 = arith.andi %10, %11 : i1
      %13 = arith.extsi %arg2 : i32 to i64
      %14 = arith.extsi %1 : i32 to i64
      %15 = arith.addi %13, %c8_i64 : i64
      %16 = arith.cmpi sge, %13, %c0_i64 : i64
      %17 = arith.cmpi sle, %15, %14 : i64
      %18 = arith.andi %16, %17 : i1
      %19 = arith.andi %12, %18 : i1
      %20 = tile.dim %arg1, 0 : !tile.view<f32, 2>
      %21 = arith.extsi %20 : i32 to i64
      %22 = arith.cmpi sle, %9, %21 : i64
      %23 = arith.andi %10, %22 : i1
      %24 = arith.andi %19, %23 : i1
      %25 = tile.dim %arg1, 1 : !tile.view<f32, 2>
      %26 = arith.extsi %25 : i32 to i64
      %27 = arith.cmpi sle, %15, %26 : i64
      %28 = arith.andi %16, %27 : i1
      %29 = arith.andi %24, %28 : i1
      scf.if %29 {
        %30 = tile.load %arg0[%0, %arg2] {in_bounds = array<i1: true, true>} : !tile.view<f32, 2> -> tensor<1x8xf32, #blocked>
        %31 = arith.subf %30, %5 : tensor<1x8xf32, #blocked>
        tile.store %31, %arg1[%0, %arg2] {in_bounds = array<i1: true, true>} : tensor<1x8xf32, #blocked> -> !tile.view<f32, 2>
      } else {
        %30 = tile.load %arg0[%0, %arg2] : !tile.view<f32, 2> -> tensor<1x8xf32, #blocked>
        %31 = arith.subf %30, %5 : tensor<1x8xf32, #blocked>
        tile.store %31, %arg1[%0, %arg2] : tensor<1x8xf32, #blocked> -> !tile.view<f32, 2>
      }
    }
    return
  }
}

