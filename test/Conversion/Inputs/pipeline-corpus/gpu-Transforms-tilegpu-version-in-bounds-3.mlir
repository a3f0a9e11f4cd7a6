#blocked = #tilegpu.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
#map = affine_map<()[s0] -> (1)>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @unchanged(%arg0: !tile.view<f32, 1> {tile.name = "X", tile.role = "inout", tile.shape = ["N"]}) attributes {tile.grid = #map, tile.kernel, tile.num_warps = 1 : i32, tile.prefetch_registers = true, tile.sizes = ["N"], tilegpu.shared_bytes = 0 : i64} {
    %cst = arith.constant dense<4> : tensor<8xi32, #blocked>
    %c0_i32 = arith.constant 0 : i32
    %c8_i32 = arith.constant 8 : i32
    %0 = tile.dim %arg0, 0 : !tile.view<f32, 1>
    scf.for %arg1 = %c0_i32 to %0 step %c8_i32  : i32 {
      %1 = tile.load %arg0[%arg1] : !tile.view<f32, 1> -> tensor<8xf32, #blocked>
      %2 = tile.iota : tensor<8xi32, #blocked>
      %3 = tile.iota : tensor<8xi32, #blocked>
      %4 = arith.cmpi slt, %2, %cst : tensor<8xi32, #blocked>
      %5 = arith.bitcast %1 : tensor<8xf32, #blocked> to tensor<8xi32, #blocked>
      %6 = arith.cmpi sgt, %5, %3 : tensor<8xi32, #blocked>
      %7 = arith.andi %4, %6 : tensor<8xi1, #blocked>
      %8 = arith.negf %1 : tensor<8xf32, #blocked>
      %9 = arith.select %7, %8, %1 : tensor<8xi1, #blocked>, tensor<8xf32, #blocked>
      tile.store %9, %arg0[%arg1] : tensor<8xf32, #blocked> -> !tile.view<f32, 1>
    }
    return
  }
}

