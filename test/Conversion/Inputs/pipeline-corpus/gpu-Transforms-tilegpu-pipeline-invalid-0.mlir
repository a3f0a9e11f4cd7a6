#blocked = #tilegpu.blocked<sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @kernel(%arg0: !tile.view<f32, 2>) attributes {tile.kernel, tilegpu.shared_bytes = 0 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %c16_i64 = arith.constant 16 : i64
    %0 = tile.dim %arg0, 0 : !tile.view<f32, 2>
    %1 = arith.extsi %0 : i32 to i64
    %2 = arith.cmpi sge, %1, %c16_i64 : i64
    %3 = tile.dim %arg0, 1 : !tile.view<f32, 2>
    %4 = arith.extsi %3 : i32 to i64
    %5 = arith.cmpi sge, %4, %c16_i64 : i64
    %6 = arith.andi %2, %5 : i1
    %7 = arith.andi %6, %2 : i1
    %8 = arith.andi %7, %5 : i1
    scf.if %8 {
      %9 = tile.load %arg0[%c0_i32, %c0_i32] {in_bounds = array<i1: true, true>} : !tile.view<f32, 2> -> tensor<16x16xf32, #blocked>
      tile.store %9, %arg0[%c0_i32, %c0_i32] {in_bounds = array<i1: true, true>} : tensor<16x16xf32, #blocked> -> !tile.view<f32, 2>
    } else {
      %9 = tile.load %arg0[%c0_i32, %c0_i32] : !tile.view<f32, 2> -> tensor<16x16xf32, #blocked>
      tile.store %9, %arg0[%c0_i32, %c0_i32] : tensor<16x16xf32, #blocked> -> !tile.view<f32, 2>
    }
    return
  }
}

