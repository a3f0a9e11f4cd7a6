#blocked = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @written_tensor(%arg0: !tile.view<f32, 2> {tile.role = "inout"}, %arg1: i32) attributes {tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 4 : i32, tile.prefetch_registers = true, tilegpu.shared_bytes = 0 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c16_i32 = arith.constant 16 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<16x64xf32, #blocked>
    %0 = scf.for %arg2 = %c0_i32 to %arg1 step %c1_i32 iter_args(%arg3 = %cst) -> (tensor<16x64xf32, #blocked>)  : i32 {
      %1 = arith.muli %arg2, %c16_i32 : i32
      %2 = tile.load %arg0[%1, %c0_i32] : !tile.view<f32, 2> -> tensor<16x64xf32, #blocked>
      %3 = arith.addf %arg3, %2 : tensor<16x64xf32, #blocked>
      tile.store %3, %arg0[%1, %c0_i32] : tensor<16x64xf32, #blocked> -> !tile.view<f32, 2>
      scf.yield %3 : tensor<16x64xf32, #blocked>
    }
    return
  }
}

