func.func @qk(%q: !tile.view<f16, 2>, %k: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %a = tile.load %q[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %kk = tile.load %k[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %kt = tile.trans %kk : tensor<64x64xf16> -> tensor<64x64xf16>
  %z = arith.constant dense<0.0> : tensor<64x64xf32>
  %d = tile.dot %a, %kt, %z : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
  tile.store %d, %o[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  return
}

