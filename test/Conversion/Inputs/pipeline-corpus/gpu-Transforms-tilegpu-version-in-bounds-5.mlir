#blocked = #tilegpu.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
#map = affine_map<()[s0] -> (1)>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @always(%arg0: !tile.view<f32, 1> {tile.name = "O", tile.role = "inout", tile.shape = ["N"]}) attributes {tile.grid = #map, tile.kernel, tile.num_warps = 1 : i32, tile.sizes = ["N"], tilegpu.shared_bytes = 0 : i64} {
    %c0_i64 = arith.constant 0 : i64
    %c8_i64 = arith.constant 8 : i64
    %c8_i32 = arith.constant 8 : i32
    %c0_i32 = arith.constant 0 : i32
    %0 = tile.dim %arg0, 0 : !tile.view<f32, 1>
    scf.for %arg1 = %c0_i32 to %0 step %c8_i32  : i32 {
      %1 = arith.extsi %arg1 : i32 to i64
      %2 = arith.extsi %0 : i32 to i64
      %3 = arith.addi %1, %c8_i64 : i64
      %4 = arith.cmpi sge, %1, %c0_i64 : i64
      %5 = arith.cmpi sle, %3, %2 : i64
      %6 = arith.andi %4, %5 : i1
      %7 = arith.andi %6, %6 : i1
      scf.if %7 {
        %8 = tile.load %arg0[%arg1] {in_bounds = array<i1: true>} : !tile.view<f32, 1> -> tensor<8xf32, #blocked>
        tile.store %8, %arg0[%arg1] {in_bounds = array<i1: true>} : tensor<8xf32, #blocked> -> !tile.view<f32, 1>
      } else {
        %8 = tile.load %arg0[%arg1] : !tile.view<f32, 1> -> tensor<8xf32, #blocked>
        tile.store %8, %arg0[%arg1] : tensor<8xf32, #blocked> -> !tile.view<f32, 1>
      }
    }
    return
  }
}

