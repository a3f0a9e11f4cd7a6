func.func @partial_fragment(%o: !tile.view<f32, 2>, %i: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c = arith.constant dense<0.0> : tensor<8x16xf32>
  tile.store %c, %o[%i, %i] : tensor<8x16xf32> -> !tile.view<f32, 2>
  return
}

