func.func @a_in_registers(%x: !tile.view<f16, 2>, %v: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %a = tile.load %x[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x32xf16>
  %vv = tile.load %v[%c0, %c0] : !tile.view<f16, 2> -> tensor<32x64xf16>
  %z = arith.constant dense<0.0> : tensor<64x64xf32>
  %d = tile.dot %a, %vv, %z : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
  tile.store %d, %o[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  return
}

