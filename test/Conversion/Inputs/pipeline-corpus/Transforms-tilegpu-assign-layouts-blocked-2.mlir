func.func @column_sum(%a: !tile.view<f32, 2>, %o: !tile.view<f32, 1>, %i: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %x = tile.load %a[%i, %i] : !tile.view<f32, 2> -> tensor<64x32xf32>
  %s = tile.reduce sum %x axis 0 : tensor<64x32xf32> -> tensor<32xf32>
  tile.store %s, %o[%i] : tensor<32xf32> -> !tile.view<f32, 1>
  return
}

