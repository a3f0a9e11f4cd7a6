func.func @narrow(%x: !tile.view<f32, 2>, %o: !tile.view<f32, 2>, %start: i32, %len: i32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %xs = tile.narrow %x, 0, %start, %len : !tile.view<f32, 2>
  %t = tile.load %xs[%c0, %c0] : !tile.view<f32, 2> -> tensor<16x16xf32>
  tile.store %t, %o[%c0, %c0] : tensor<16x16xf32> -> !tile.view<f32, 2>
  return
}

