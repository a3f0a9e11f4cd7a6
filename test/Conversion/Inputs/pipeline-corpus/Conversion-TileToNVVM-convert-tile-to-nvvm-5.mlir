func.func @softmax_row(%x: !tile.view<f32, 2>, %k: !tile.view<f16, 2>, %o: !tile.view<f32, 1>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%c0, %c0] : !tile.view<f32, 2> -> tensor<16x16xf32>
  %a = tile.load %k[%c0, %c0] : !tile.view<f16, 2> -> tensor<16x16xf16>
  %b = tile.load %k[%c0, %c0] : !tile.view<f16, 2> -> tensor<16x16xf16>
  %s = tile.dot %a, %b, %t : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
  %v = arith.addf %t, %s : tensor<16x16xf32>
  %w = math.exp2 %v : tensor<16x16xf32>
  %mx = tile.reduce max %w axis 1 : tensor<16x16xf32> -> tensor<16xf32>
  tile.store %mx, %o[%c0] : tensor<16xf32> -> !tile.view<f32, 1>
  return
}

