#blocked = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @square_roots(%arg0: !tile.view<f32, 2>, %arg1: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 0 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %c16_i64 = arith.constant 16 : i64
    %c64_i64 = arith.constant 64 : i64
    %0 = tile.dim %arg0, 0 : !tile.view<f32, 2>
    %1 = arith.extsi %0 : i32 to i64
    %2 = arith.cmpi sge, %1, %c64_i64 : i64
    %3 = tile.dim %arg0, 1 : !tile.view<f32, 2>
    %4 = arith.extsi %3 : i32 to i64
    %5 = arith.cmpi sge, %4, %c16_i64 : i64
    %6 = arith.andi %2, %5 : i1
    %7 = tile.dim %arg1, 0 : !tile.view<f32, 2>
    %8 = arith.extsi %7 : i32 to i64
    %9 = arith.cmpi sge, %8, %c64_i64 : i64
    %10 = arith.andi %6, %9 : i1
    %11 = tile.dim %arg1, 1 : !tile.view<f32, 2>
    %12 = arith.extsi %11 : i32 to i64
    %13 = arith.cmpi sge, %12, %c16_i64 : i64
    %14 = arith.andi %10, %13 : i1
    scf.if %14 {
      %15 = tile.load %arg0[%c0_i32, %c0_i32] {in_bounds = array<i1: true, true>} : !tile.view<f32, 2> -> tensor<64x16xf32, #blocked>
      %16 = math.rsqrt %15 : tensor<64x16xf32, #blocked>
      %17 = math.sqrt %16 : tensor<64x16xf32, #blocked>
      tile.store %17, %arg1[%c0_i32, %c0_i32] {in_bounds = array<i1: true, true>} : tensor<64x16xf32, #blocked> -> !tile.view<f32, 2>
    } else {
      %15 = tile.load %arg0[%c0_i32, %c0_i32] : !tile.view<f32, 2> -> tensor<64x16xf32, #blocked>
      %16 = math.rsqrt %15 : tensor<64x16xf32, #blocked>
      %17 = math.sqrt %16 : tensor<64x16xf32, #blocked>
      tile.store %17, %arg1[%c0_i32, %c0_i32] : tensor<64x16xf32, #blocked> -> !tile.view<f32, 2>
    }
    return
  }
}

