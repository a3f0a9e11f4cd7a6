func.func @transpose(%x: !tile.view<f16, 2>, %y: !tile.view<f16, 2>, %i: i32, %j: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %t = tile.load %x[%i, %j] : !tile.view<f16, 2> -> tensor<64x32xf16>
  %u = tile.trans %t : tensor<64x32xf16> -> tensor<32x64xf16>
  tile.store %u, %y[%j, %i] : tensor<32x64xf16> -> !tile.view<f16, 2>
  return
}

