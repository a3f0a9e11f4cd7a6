func.func @row_vector(%q: !tile.view<f16, 2> {tile.role = "input"},
                      %lse: !tile.view<f32, 1> {tile.role = "input"},
                      %o: !tile.view<f32, 2> {tile.role = "output"}, %n: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32, tile.prefetch_registers = true} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %k = tile.load %q[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %init = arith.constant dense<0.0> : tensor<64x64xf32>
  %r = scf.for %j = %c0 to %n step %c64 iter_args(%acc = %init) -> (tensor<64x64xf32>) : i32 {
    %qt = tile.load %q[%j, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %l = tile.load %lse[%j] : !tile.view<f32, 1> -> tensor<64xf32>
    %log2e = arith.constant dense<1.44269504> : tensor<64xf32>
    %ls = arith.mulf %l, %log2e : tensor<64xf32>
    %le = tile.expand_dims %ls axis 0 : tensor<64xf32> -> tensor<1x64xf32>
    %lb = tile.broadcast %le : tensor<1x64xf32> -> tensor<64x64xf32>
    %qtt = tile.trans %qt : tensor<64x64xf16> -> tensor<64x64xf16>
    %s = tile.dot %k, %qtt, %acc : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    %d = arith.subf %s, %lb : tensor<64x64xf32>
    %p = arith.truncf %d : tensor<64x64xf32> to tensor<64x64xf16>
    %e = tile.dot %p, %qt, %d : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    scf.yield %e : tensor<64x64xf32>
  }
  tile.store %r, %o[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  return
}

