func.func @carried_index(%x: !tile.view<f32, 2> {tile.shape = ["M", 64]}, %o: !tile.view<f32, 2>, %n: i32)
    attributes {tile.kernel, tile.grid = affine_map<()[s0] -> (1)>, tile.sizes = ["M"], tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %init = arith.constant dense<0.0> : tensor<16x64xf32>
  %r:2 = scf.for %j = %c0 to %n step %c16 iter_args(%acc = %init, %row = %c0) -> (tensor<16x64xf32>, i32) : i32 {
    %t = tile.load %x[%row, %c0] : !tile.view<f32, 2> -> tensor<16x64xf32>
    %sum = arith.addf %acc, %t : tensor<16x64xf32>
    %next = arith.addi %row, %c16 : i32
    scf.yield %sum, %next : tensor<16x64xf32>, i32
  }
  tile.store %r#0, %o[%c0, %c0] : tensor<16x64xf32> -> !tile.view<f32, 2>
  return
}

