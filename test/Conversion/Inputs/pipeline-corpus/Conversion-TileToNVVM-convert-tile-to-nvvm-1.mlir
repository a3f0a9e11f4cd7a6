func.func @gemm16_bf16(%a: !tile.view<bf16, 2>, %c: !tile.view<f32, 2>)
    attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] : !tile.view<bf16, 2> -> tensor<16x16xbf16>
  %y = tile.load %a[%c0, %c0] : !tile.view<bf16, 2> -> tensor<16x16xbf16>
  %yt = tile.trans %y : tensor<16x16xbf16> -> tensor<16x16xbf16>
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = tile.dot %x, %yt, %z : tensor<16x16xbf16>, tensor<16x16xbf16> -> tensor<16x16xf32>
  tile.store %d, %c[%c0, %c0] : tensor<16x16xf32> -> !tile.view<f32, 2>
  return
}

