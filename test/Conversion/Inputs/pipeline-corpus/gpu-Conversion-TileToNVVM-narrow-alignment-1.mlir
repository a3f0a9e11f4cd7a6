#blocked = #tilegpu.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @innermost_scalar(%arg0: !tile.view<f32, 1>, %arg1: i32, %arg2: i32) attributes {tile.kernel, tile.num_warps = 1 : i32, tilegpu.shared_bytes = 0 : i64} {
    %cst = arith.constant dense<1.000000e+00> : tensor<16xf32, #blocked>
    %cst_0 = arith.constant dense<1.000000e+00> : tensor<16xf32, #blocked>
    %c0_i32 = arith.constant 0 : i32
    %c16_i64 = arith.constant 16 : i64
    %0 = tile.narrow %arg0, 0, %arg1, %arg2 : !tile.view<f32, 1>
    %1 = tile.dim %0, 0 : !tile.view<f32, 1>
    %2 = arith.extsi %1 : i32 to i64
    %3 = arith.cmpi sge, %2, %c16_i64 : i64
    scf.if %3 {
      tile.store %cst, %0[%c0_i32] {in_bounds = array<i1: true>} : tensor<16xf32, #blocked> -> !tile.view<f32, 1>
    } else {
      tile.store %cst_0, %0[%c0_i32] : tensor<16xf32, #blocked> -> !tile.view<f32, 1>
    }
    return
  }
}

