#blocked = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @narrow(%arg0: !tile.view<f32, 2>, %arg1: !tile.view<f32, 2>, %arg2: i32, %arg3: i32) attributes {tile.kernel, tile.num_warps = 1 : i32, tilegpu.shared_bytes = 0 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %c16_i64 = arith.constant 16 : i64
    %0 = tile.narrow %arg0, 0, %arg2, %arg3 : !tile.view<f32, 2>
    %1 = tile.dim %0, 0 : !tile.view<f32, 2>
    %2 = arith.extsi %1 : i32 to i64
    %3 = arith.cmpi sge, %2, %c16_i64 : i64
    %4 = tile.dim %0, 1 : !tile.view<f32, 2>
    %5 = arith.extsi %4 : i32 to i64
    %6 = arith.cmpi sge, %5, %c16_i64 : i64
    %7 = arith.andi %3, %6 : i1
    %8 = tile.dim %arg1, 0 : !tile.view<f32, 2>
    %9 = arith.extsi %8 : i32 to i64
    %10 = arith.cmpi sge, %9, %c16_i64 : i64
    %11 = arith.andi %7, %10 : i1
    %12 = tile.dim %arg1, 1 : !tile.view<f32, 2>
    %13 = arith.extsi %12 : i32 to i64
    %14 = arith.cmpi sge, %13, %c16_i64 : i64
    %15 = arith.andi %11, %14 : i1
    scf.if %15 {
      %16 = tile.load %0[%c0_i32, %c0_i32] {in_bounds = array<i1: true, true>} : !tile.view<f32, 2> -> tensor<16x16xf32, #blocked>
      tile.store %16, %arg1[%c0_i32, %c0_i32] {in_bounds = array<i1: true, true>} : tensor<16x16xf32, #blocked> -> !tile.view<f32, 2>
    } else {
      %16 = tile.load %0[%c0_i32, %c0_i32] : !tile.view<f32, 2> -> tensor<16x16xf32, #blocked>
      tile.store %16, %arg1[%c0_i32, %c0_i32] : tensor<16x16xf32, #blocked> -> !tile.view<f32, 2>
    }
    return
  }
}

