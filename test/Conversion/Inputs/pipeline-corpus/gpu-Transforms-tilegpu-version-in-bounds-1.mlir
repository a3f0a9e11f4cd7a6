#blocked = #tilegpu.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
#map = affine_map<()[s0] -> (s0)>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @affine(%arg0: !tile.view<i32, 1> {tile.name = "O", tile.role = "output", tile.shape = ["N"]}) attributes {tile.grid = #map, tile.kernel, tile.num_warps = 1 : i32, tile.sizes = ["N"], tilegpu.shared_bytes = 0 : i64} {
    %c2_i64 = arith.constant 2 : i64
    %cst = arith.constant dense<1> : tensor<4xi32, #blocked>
    %cst_0 = arith.constant dense<1> : tensor<4xi32, #blocked>
    %cst_1 = arith.constant dense<0> : tensor<4xi32, #blocked>
    %cst_2 = arith.constant dense<0> : tensor<4xi32, #blocked>
    %cst_3 = arith.constant dense<4> : tensor<4xi32, #blocked>
    %cst_4 = arith.constant dense<4> : tensor<4xi32, #blocked>
    %c0_i32 = arith.constant 0 : i32
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %c2147483647_i64 = arith.constant 2147483647 : i64
    %c-2147483648_i64 = arith.constant -2147483648 : i64
    %c3_i64 = arith.constant 3 : i64
    %c4_i64 = arith.constant 4 : i64
    %0 = tile.dim %arg0, 0 : !tile.view<i32, 1>
    %1 = arith.extsi %0 : i32 to i64
    %2 = arith.cmpi sge, %1, %c4_i64 : i64
    %3 = tile.program_id 0
    %4 = arith.extsi %3 : i32 to i64
    %5 = arith.muli %4, %c4_i64 : i64
    %6 = arith.cmpi sge, %5, %c-2147483648_i64 : i64
    %7 = arith.cmpi sle, %5, %c2147483647_i64 : i64
    %8 = arith.andi %6, %7 : i1
    %9 = arith.addi %5, %c3_i64 : i64
    %10 = arith.cmpi sle, %9, %c2147483647_i64 : i64
    %11 = arith.andi %6, %10 : i1
    %12 = arith.andi %8, %11 : i1
    %13 = arith.subi %5, %c1_i64 : i64
    %14 = arith.addi %5, %c2_i64 : i64
    %15 = arith.cmpi sge, %13, %c-2147483648_i64 : i64
    %16 = arith.cmpi sle, %14, %c2147483647_i64 : i64
    %17 = arith.andi %15, %16 : i1
    %18 = arith.andi %12, %17 : i1
    %19 = arith.cmpi slt, %14, %1 : i64
    %20 = arith.andi %19, %18 : i1
    %21 = arith.andi %2, %20 : i1
    %22 = arith.cmpi sge, %13, %c0_i64 : i64
    %23 = arith.andi %22, %18 : i1
    %24 = arith.andi %21, %23 : i1
    scf.if %24 {
      %25 = tile.splat %3 : i32 -> tensor<4xi32, #blocked>
      %26 = arith.muli %25, %cst_3 : tensor<4xi32, #blocked>
      %27 = tile.iota : tensor<4xi32, #blocked>
      %28 = arith.addi %26, %27 : tensor<4xi32, #blocked>
      %29 = arith.subi %28, %cst : tensor<4xi32, #blocked>
      tile.store %29, %arg0[%c0_i32] {in_bounds = array<i1: true>} : tensor<4xi32, #blocked> -> !tile.view<i32, 1>
    } else {
      %25 = tile.splat %3 : i32 -> tensor<4xi32, #blocked>
      %26 = arith.muli %25, %cst_4 : tensor<4xi32, #blocked>
      %27 = tile.iota : tensor<4xi32, #blocked>
      %28 = arith.addi %26, %27 : tensor<4xi32, #blocked>
      %29 = arith.subi %28, %cst_0 : tensor<4xi32, #blocked>
      %30 = tile.splat %0 : i32 -> tensor<4xi32, #blocked>
      %31 = arith.cmpi slt, %29, %30 : tensor<4xi32, #blocked>
      %32 = arith.cmpi sge, %29, %cst_2 : tensor<4xi32, #blocked>
      %33 = arith.andi %31, %32 : tensor<4xi1, #blocked>
      %34 = arith.select %33, %29, %cst_1 : tensor<4xi1, #blocked>, tensor<4xi32, #blocked>
      tile.store %34, %arg0[%c0_i32] : tensor<4xi32, #blocked> -> !tile.view<i32, 1>
    }
    return
  }
}

