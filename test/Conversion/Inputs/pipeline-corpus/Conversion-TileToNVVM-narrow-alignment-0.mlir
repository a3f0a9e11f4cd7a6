func.func @innermost_cp_async(%a: !tile.view<f16, 2>, %o: !tile.view<f32, 2>, %start: i32, %len: i32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %an = tile.narrow %a, 1, %start, %len : !tile.view<f16, 2>
  %x = tile.load %an[%c0, %c0] : !tile.view<f16, 2> -> tensor<16x16xf16>
  %y = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<16x16xf16>
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = tile.dot %x, %y, %z : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
  tile.store %d, %o[%c0, %c0] : tensor<16x16xf32> -> !tile.view<f32, 2>
  return
}

