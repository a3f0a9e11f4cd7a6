func.func @blocked_in_branch(%x: !tile.view<f32, 2> {tile.role = "input"},
                             %o: !tile.view<f32, 2> {tile.role = "output"},
                             %n: i32, %flag: i1)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32, tile.prefetch_registers = true} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c16 = arith.constant 16 : i32
  %init = arith.constant dense<0.0> : tensor<16x64xf32>
  %r = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<16x64xf32>) : i32 {
    %row = arith.muli %j, %c16 : i32
    %t = tile.load %x[%row, %c0] : !tile.view<f32, 2> -> tensor<16x64xf32>
    %next = scf.if %flag -> (tensor<16x64xf32>) {
      %sum = arith.addf %acc, %t : tensor<16x64xf32>
      scf.yield %sum : tensor<16x64xf32>
    } else {
      scf.yield %acc : tensor<16x64xf32>
    }
    scf.yield %next : tensor<16x64xf32>
  }
  tile.store %r, %o[%c0, %c0] : tensor<16x64xf32> -> !tile.view<f32, 2>
  return
}

