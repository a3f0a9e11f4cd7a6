#blocked = #tilegpu.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>
#map = affine_map<()[s0, s1] -> (s0 ceildiv 2)>
#cols = #tilegpu.slice<dim = 0, parent = #blocked>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @rows(%arg0: !tile.view<f32, 2> {tile.name = "X", tile.role = "input", tile.shape = ["M", "N"]}, %arg1: !tile.view<f32, 2> {tile.name = "Y", tile.role = "output", tile.shape = ["M", "N"]}) attributes {tile.grid = #map, tile.kernel, tile.num_warps = 1 : i32, tile.sizes = ["M", "N"], tilegpu.shared_bytes = 0 : i64} {
    %cst = arith.constant dense<0.000000e+00> : tensor<2x8xf32, #blocked>
    %c0_i32 = arith.constant 0 : i32
    %c7_i64 = arith.constant 7 : i64
    %c8_i64 = arith.constant 8 : i64
    %c0_i64 = arith.constant 0 : i64
    %c2_i64 = arith.constant 2 : i64
    %c2_i32 = arith.constant 2 : i32
    %0 = tile.program_id 0
    %1 = arith.muli %0, %c2_i32 : i32
    %2 = arith.extsi %1 : i32 to i64
    %3 = tile.dim %arg0, 0 : !tile.view<f32, 2>
    %4 = arith.extsi %3 : i32 to i64
    %5 = arith.addi %2, %c2_i64 : i64
    %6 = arith.cmpi sge, %2, %c0_i64 : i64
    %7 = arith.cmpi sle, %5, %4 : i64
    %8 = arith.andi %6, %7 : i1
    %9 = tile.dim %arg0, 1 : !tile.view<f32, 2>
    %10 = arith.extsi %9 : i32 to i64
    %11 = arith.cmpi sge, %10, %c8_i64 : i64
    %12 = arith.andi %8, %11 : i1
    %13 = tile.dim %arg1, 0 : !tile.view<f32, 2>
    %14 = arith.extsi %13 : i32 to i64
    %15 = arith.cmpi sle, %5, %14 : i64
    %16 = arith.andi %6, %15 : i1
    %17 = arith.andi %12, %16 : i1
    %18 = tile.dim %arg1, 1 : !tile.view<f32, 2>
    %19 = arith.extsi %18 : i32 to i64
    %20 = arith.cmpi sge, %19, %c8_i64 : i64
    %21 = arith.andi %17, %20 : i1
    %22 = arith.cmpi sgt, %10, %c7_i64 : i64
    %23 = arith.andi %21, %22 : i1
    %24 = arith.sitofp %9 : i32 to f32
    scf.if %23 {
      %25 = tile.load %arg0[%1, %c0_i32] {in_bounds = array<i1: true, true>} : !tile.view<f32, 2> -> tensor<2x8xf32, #blocked>
      %26 = tile.splat %24 : f32 -> tensor<2x8xf32, #blocked>
      %27 = arith.subf %25, %26 : tensor<2x8xf32, #blocked>
      tile.store %27, %arg1[%1, %c0_i32] {in_bounds = array<i1: true, true>} : tensor<2x8xf32, #blocked> -> !tile.view<f32, 2>
    } else {
      %25 = tile.load %arg0[%1, %c0_i32] : !tile.view<f32, 2> -> tensor<2x8xf32, #blocked>
      %26 = tile.iota : tensor<8xi32, #cols>
      %27 = tile.expand_dims %26 axis 0 : tensor<8xi32, #cols> -> tensor<1x8xi32, #cols>
      %28 = tile.splat %9 : i32 -> tensor<1x8xi32, #cols>
      %29 = arith.cmpi slt, %27, %28 : tensor<1x8xi32, #cols>
      %30 = tile.broadcast %29 : tensor<1x8xi1, #cols> -> tensor<2x8xi1, #blocked>
      %31 = tile.splat %24 : f32 -> tensor<2x8xf32, #blocked>
      %32 = arith.subf %25, %31 : tensor<2x8xf32, #blocked>
      %33 = arith.select %30, %32, %cst : tensor<2x8xi1, #blocked>, tensor<2x8xf32, #blocked>
      tile.store %33, %arg1[%1, %c0_i32] : tensor<2x8xf32, #blocked> -> !tile.view<f32, 2>
    }
    return
  }
}

