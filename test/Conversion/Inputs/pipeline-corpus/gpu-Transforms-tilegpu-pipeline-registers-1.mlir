#blocked = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @blocked_in_branch(%arg0: !tile.view<f32, 2> {tile.role = "input"}, %arg1: !tile.view<f32, 2> {tile.role = "output"}, %arg2: i32, %arg3: i1) attributes {tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 4 : i32, tile.prefetch_registers = true, tilegpu.shared_bytes = 0 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c16_i32 = arith.constant 16 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<16x64xf32, #blocked>
    %0 = arith.muli %c0_i32, %c16_i32 : i32
    %1 = tile.load %arg0[%0, %c0_i32] : !tile.view<f32, 2> -> tensor<16x64xf32, #blocked>
    %2:2 = scf.for %arg4 = %c0_i32 to %arg2 step %c1_i32 iter_args(%arg5 = %cst, %arg6 = %1) -> (tensor<16x64xf32, #blocked>, tensor<16x64xf32, #blocked>)  : i32 {
      %3 = scf.if %arg3 -> (tensor<16x64xf32, #blocked>) {
        %7 = arith.addf %arg5, %arg6 : tensor<16x64xf32, #blocked>
        scf.yield %7 : tensor<16x64xf32, #blocked>
      } else {
        scf.yield %arg5 : tensor<16x64xf32, #blocked>
      }
      %4 = arith.addi %arg4, %c1_i32 : i32
      %5 = arith.muli %4, %c16_i32 : i32
      %6 = tile.load %arg0[%5, %c0_i32] : !tile.view<f32, 2> -> tensor<16x64xf32, #blocked>
      scf.yield %3, %6 : tensor<16x64xf32, #blocked>, tensor<16x64xf32, #blocked>
    }
    tile.store %2#0, %arg1[%c0_i32, %c0_i32] : tensor<16x64xf32, #blocked> -> !tile.view<f32, 2>
    return
  }
}

