#blocked = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#cols = #tilegpu.slice<dim = 0, parent = #blocked>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @column_sum(%arg0: !tile.view<f32, 2>, %arg1: !tile.view<f32, 1>, %arg2: i32) attributes {tile.kernel, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 512 : i64} {
    %c32_i64 = arith.constant 32 : i64
    %c0_i64 = arith.constant 0 : i64
    %c64_i64 = arith.constant 64 : i64
    %0 = arith.extsi %arg2 : i32 to i64
    %1 = tile.dim %arg0, 0 : !tile.view<f32, 2>
    %2 = arith.extsi %1 : i32 to i64
    %3 = arith.addi %0, %c64_i64 : i64
    %4 = arith.cmpi sge, %0, %c0_i64 : i64
    %5 = arith.cmpi sle, %3, %2 : i64
    %6 = arith.andi %4, %5 : i1
    %7 = tile.dim %arg0, 1 : !tile.view<f32, 2>
    %8 = arith.extsi %7 : i32 to i64
    %9 = arith.addi %0, %c32_i64 : i64
    %10 = arith.cmpi sle, %9, %8 : i64
    %11 = arith.andi %4, %10 : i1
    %12 = arith.andi %6, %11 : i1
    %13 = tile.dim %arg1, 0 : !tile.view<f32, 1>
    %14 = arith.extsi %13 : i32 to i64
    %15 = arith.cmpi sle, %9, %14 : i64
    %16 = arith.andi %4, %15 : i1
    %17 = arith.andi %12, %16 : i1
    scf.if %17 {
      %18 = tile.load %arg0[%arg2, %arg2] {in_bounds = array<i1: true, true>} : !tile.view<f32, 2> -> tensor<64x32xf32, #blocked>
      %19 = tile.reduce sum %18 axis 0 {tilegpu.shared_offset = 0 : i64} : tensor<64x32xf32, #blocked> -> tensor<32xf32, #cols>
      tile.store %19, %arg1[%arg2] {in_bounds = array<i1: true>} : tensor<32xf32, #cols> -> !tile.view<f32, 1>
    } else {
      %18 = tile.load %arg0[%arg2, %arg2] : !tile.view<f32, 2> -> tensor<64x32xf32, #blocked>
      %19 = tile.reduce sum %18 axis 0 {tilegpu.shared_offset = 0 : i64} : tensor<64x32xf32, #blocked> -> tensor<32xf32, #cols>
      tile.store %19, %arg1[%arg2] : tensor<32xf32, #cols> -> !tile.view<f32, 1>
    }
    return
  }
}

