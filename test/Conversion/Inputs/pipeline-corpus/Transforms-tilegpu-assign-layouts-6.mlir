func.func @computed_transposed_operands(%q: !tile.view<f16, 2>, %x: !tile.view<f32, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %a = tile.load %q[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x32xf16>
  %xf = tile.load %x[%c0, %c0] : !tile.view<f32, 2> -> tensor<32x32xf32>
  %xh = arith.truncf %xf : tensor<32x32xf32> to tensor<32x32xf16>
  %b = tile.trans %xh : tensor<32x32xf16> -> tensor<32x32xf16>
  %z = arith.constant dense<0.0> : tensor<64x32xf32>
  %d = tile.dot %a, %b, %z : tensor<64x32xf16>, tensor<32x32xf16> -> tensor<64x32xf32>
  %dh = arith.truncf %d : tensor<64x32xf32> to tensor<64x32xf16>
  %at = tile.trans %dh : tensor<64x32xf16> -> tensor<32x64xf16>
  %a2 = tile.load %q[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x32xf16>
  %z2 = arith.constant dense<0.0> : tensor<32x32xf32>
  %e = tile.dot %at, %a2, %z2 : tensor<32x64xf16>, tensor<64x32xf16> -> tensor<32x32xf32>
  tile.store %e, %o[%c0, %c0] : tensor<32x32xf32> -> !tile.view<f32, 2>
  return
}

