func.func @loop(%a: !tile.view<f16, 2>, %n: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %init = arith.constant dense<0.0> : tensor<64x64xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<64x64xf32>) : i32 {
    %x = tile.load %a[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %y = tile.load %a[%c0, %i] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %d = tile.dot %x, %y, %acc : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  return
}

