#blocked = #tilegpu.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @scalar_load(%arg0: !tile.view<i32, 1>, %arg1: !tile.view<f32, 1>) attributes {tile.kernel, tile.num_warps = 1 : i32, tilegpu.shared_bytes = 0 : i64} {
    %c1_i32 = arith.constant 1 : i32
    %0 = tile.program_id 0
    %1 = tile.load_scalar %arg0[%0] {padding = -1.000000e+00 : f64} : !tile.view<i32, 1> -> i32
    %2 = arith.addi %1, %c1_i32 : i32
    %3 = arith.sitofp %2 : i32 to f32
    %4 = tile.splat %3 : f32 -> tensor<16xf32, #blocked>
    tile.store %4, %arg1[%1] : tensor<16xf32, #blocked> -> !tile.view<f32, 1>
    return
  }
}

