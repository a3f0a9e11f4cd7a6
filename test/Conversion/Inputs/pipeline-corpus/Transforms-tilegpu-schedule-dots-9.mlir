func.func @unpipelined_operand(%a: !tile.view<f16, 2> {tile.role = "input"}, %b: !tile.view<f16, 2> {tile.role = "input"}, %c: !tile.view<f32, 2> {tile.role = "output"}, %kdim: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 3 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %init = arith.constant dense<0.0> : tensor<64x64xf32>
  %r:2 = scf.for %k = %c0 to %kdim step %c64 iter_args(%acc = %init, %col = %c0) -> (tensor<64x64xf32>, i32) : i32 {
    %at = tile.load %a[%c0, %col] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %bt = tile.load %b[%k, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %d = tile.dot %at, %bt, %acc : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    %next = arith.addi %col, %c64 : i32
    scf.yield %d, %next : tensor<64x64xf32>, i32
  }
  tile.store %r#0, %c[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  return
}

