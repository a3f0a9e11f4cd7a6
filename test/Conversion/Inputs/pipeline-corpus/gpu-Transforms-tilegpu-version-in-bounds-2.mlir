#blocked = #tilegpu.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
#map = affine_map<()[s0] -> (s0)>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @guarded(%arg0: !tile.view<i32, 1> {tile.name = "O", tile.role = "output", tile.shape = ["N"]}, %arg1: i32 {tile.name = "k"}) attributes {tile.grid = #map, tile.kernel, tile.num_warps = 1 : i32, tile.sizes = ["N"], tilegpu.shared_bytes = 0 : i64} {
    %cst = arith.constant dense<0> : tensor<4xi32, #blocked>
    %c0_i32 = arith.constant 0 : i32
    %c2147483647_i64 = arith.constant 2147483647 : i64
    %c-2147483648_i64 = arith.constant -2147483648 : i64
    %c3_i64 = arith.constant 3 : i64
    %c4_i64 = arith.constant 4 : i64
    %0 = tile.dim %arg0, 0 : !tile.view<i32, 1>
    %1 = arith.extsi %0 : i32 to i64
    %2 = arith.cmpi sge, %1, %c4_i64 : i64
    %3 = tile.program_id 0
    %4 = arith.extsi %3 : i32 to i64
    %5 = arith.addi %4, %c3_i64 : i64
    %6 = arith.extsi %arg1 : i32 to i64
    %7 = arith.addi %6, %c3_i64 : i64
    %8 = arith.cmpi sge, %4, %c-2147483648_i64 : i64
    %9 = arith.cmpi sle, %5, %c2147483647_i64 : i64
    %10 = arith.andi %8, %9 : i1
    %11 = arith.cmpi sge, %6, %c-2147483648_i64 : i64
    %12 = arith.cmpi sle, %7, %c2147483647_i64 : i64
    %13 = arith.andi %11, %12 : i1
    %14 = arith.andi %10, %13 : i1
    %15 = arith.muli %4, %6 : i64
    %16 = arith.muli %4, %7 : i64
    %17 = arith.muli %5, %6 : i64
    %18 = arith.muli %5, %7 : i64
    %19 = arith.minsi %15, %16 : i64
    %20 = arith.maxsi %15, %16 : i64
    %21 = arith.minsi %19, %17 : i64
    %22 = arith.maxsi %20, %17 : i64
    %23 = arith.minsi %21, %18 : i64
    %24 = arith.maxsi %22, %18 : i64
    %25 = arith.cmpi sge, %23, %c-2147483648_i64 : i64
    %26 = arith.cmpi sle, %24, %c2147483647_i64 : i64
    %27 = arith.andi %25, %26 : i1
    %28 = arith.andi %14, %27 : i1
    %29 = arith.cmpi slt, %24, %1 : i64
    %30 = arith.andi %29, %28 : i1
    %31 = arith.andi %2, %30 : i1
    scf.if %31 {
      %32 = tile.splat %3 : i32 -> tensor<4xi32, #blocked>
      %33 = tile.iota : tensor<4xi32, #blocked>
      %34 = tile.iota : tensor<4xi32, #blocked>
      %35 = arith.addi %32, %33 : tensor<4xi32, #blocked>
      %36 = tile.splat %arg1 : i32 -> tensor<4xi32, #blocked>
      %37 = arith.addi %36, %34 : tensor<4xi32, #blocked>
      %38 = arith.muli %35, %37 : tensor<4xi32, #blocked>
      tile.store %38, %arg0[%c0_i32] {in_bounds = array<i1: true>} : tensor<4xi32, #blocked> -> !tile.view<i32, 1>
    } else {
      %32 = tile.splat %3 : i32 -> tensor<4xi32, #blocked>
      %33 = tile.iota : tensor<4xi32, #blocked>
      %34 = tile.iota : tensor<4xi32, #blocked>
      %35 = arith.addi %32, %33 : tensor<4xi32, #blocked>
      %36 = tile.splat %arg1 : i32 -> tensor<4xi32, #blocked>
      %37 = arith.addi %36, %34 : tensor<4xi32, #blocked>
      %38 = arith.muli %35, %37 : tensor<4xi32, #blocked>
      %39 = tile.splat %0 : i32 -> tensor<4xi32, #blocked>
      %40 = arith.cmpi slt, %38, %39 : tensor<4xi32, #blocked>
      %41 = arith.select %40, %38, %cst : tensor<4xi1, #blocked>, tensor<4xi32, #blocked>
      tile.store %41, %arg0[%c0_i32] : tensor<4xi32, #blocked> -> !tile.view<i32, 1>
    }
    return
  }
}

