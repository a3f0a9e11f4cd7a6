func.func @innermost_scalar(%o: !tile.view<f32, 1>, %start: i32, %len: i32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %on = tile.narrow %o, 0, %start, %len : !tile.view<f32, 1>
  %c0 = arith.constant 0 : i32
  %t = arith.constant dense<1.0> : tensor<16xf32>
  tile.store %t, %on[%c0] : tensor<16xf32> -> !tile.view<f32, 1>
  return
}

