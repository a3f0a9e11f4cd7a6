func.func @paged_kv(%k: !tile.view<f16, 3> {tile.role = "input"},
                    %v: !tile.view<f16, 3> {tile.role = "input"},
                    %table: !tile.view<i32, 1> {tile.role = "input"},
                    %o: !tile.view<f32, 2> {tile.role = "output"}, %n: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %q = tile.load %k[%c0, %c0, %c0] : !tile.view<f16, 3> -> tensor<64x64xf16>
  %init = arith.constant dense<0.0> : tensor<64x64xf32>
  %r = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<64x64xf32>) : i32 {
    %page = tile.load_scalar %table[%j] : !tile.view<i32, 1> -> i32
    %kt = tile.load %k[%page, %c0, %c0] : !tile.view<f16, 3> -> tensor<64x64xf16>
    %vt = tile.load %v[%page, %c0, %c0] : !tile.view<f16, 3> -> tensor<64x64xf16>
    %ktt = tile.trans %kt : tensor<64x64xf16> -> tensor<64x64xf16>
    %s = tile.dot %q, %ktt, %acc : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    %p = arith.truncf %s : tensor<64x64xf32> to tensor<64x64xf16>
    %a = tile.dot %p, %vt, %acc : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    scf.yield %a : tensor<64x64xf32>
  }
  tile.store %r, %o[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  return
}

