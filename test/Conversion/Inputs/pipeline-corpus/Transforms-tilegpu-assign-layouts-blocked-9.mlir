func.func @ten_warps_eight_rows(%x: !tile.view<f16, 2>, %y: !tile.view<f16, 2>, %row: i32) attributes {tile.kernel, tile.num_warps = 10 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%row, %c0] : !tile.view<f16, 2> -> tensor<8x2048xf16>
  tile.store %t, %y[%row, %c0] : tensor<8x2048xf16> -> !tile.view<f16, 2>
  return
}

