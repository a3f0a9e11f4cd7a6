func.func @interleaved_rows(%q: !tile.view<f16, 2>, %k: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %a = tile.load %q[%c0, %c0] : !tile.view<f16, 2> -> tensor<128x16xf16>
  %kk = tile.load %k[%c0, %c0] : !tile.view<f16, 2> -> tensor<16x16xf16>
  %z = arith.constant dense<0.0> : tensor<128x16xf32>
  %d = tile.dot %a, %kk, %z : tensor<128x16xf16>, tensor<16x16xf16> -> tensor<128x16xf32>
  %r = tile.iota : tensor<128xi32>
  %e = tile.expand_dims %r axis 1 : tensor<128xi32> -> tensor<128x1xi32>
  %b = tile.broadcast %e : tensor<128x1xi32> -> tensor<128x16xi32>
  %f = arith.sitofp %b : tensor<128x16xi32> to tensor<128x16xf32>
  %s = arith.addf %d, %f : tensor<128x16xf32>
  tile.store %s, %o[%c0, %c0] : tensor<128x16xf32> -> !tile.view<f32, 2>
  return
}

