func.func @over_budget(%q: !tile.view<f16, 2> {tile.role = "input"}, %k: !tile.view<f16, 2> {tile.role = "input"}, %v: !tile.view<f16, 2> {tile.role = "input"}, %o: !tile.view<f32, 2> {tile.role = "output"}, %n: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %c96 = arith.constant 96 : i32
  %qt = tile.load %q[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x256xf16>
  %init = arith.constant dense<0.0> : tensor<64x256xf32>
  %r = scf.for %i = %c0 to %n step %c96 iter_args(%acc = %init) -> (tensor<64x256xf32>) : i32 {
    %kt = tile.load %k[%i, %c0] : !tile.view<f16, 2> -> tensor<96x256xf16>
    %vt = tile.load %v[%i, %c0] : !tile.view<f16, 2> -> tensor<96x256xf16>
    %ktt = tile.trans %kt : tensor<96x256xf16> -> tensor<256x96xf16>
    %z = arith.constant dense<0.0> : tensor<64x96xf32>
    %s = tile.dot %qt, %ktt, %z : tensor<64x256xf16>, tensor<256x96xf16> -> tensor<64x96xf32>
    %e = math.exp2 %s : tensor<64x96xf32>
    %half = arith.constant dense<0.5> : tensor<64x256xf32>
    %scaled = arith.mulf %acc, %half : tensor<64x256xf32>
    %p = arith.truncf %e : tensor<64x96xf32> to tensor<64x96xf16>
    %a = tile.dot %p, %vt, %scaled : tensor<64x96xf16>, tensor<96x256xf16> -> tensor<64x256xf32>
    scf.yield %a : tensor<64x256xf32>
  }
  tile.store %r, %o[%c0, %c0] : tensor<64x256xf32> -> !tile.view<f32, 2>
  return
}

