func.func @non_power_of_two(%x: !tile.view<f32, 2>, %y: !tile.view<f32, 1>, %row: i32) attributes {tile.kernel, tile.num_warps = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%row, %c0] : !tile.view<f32, 2> -> tensor<24x24xf32>
  %s = tile.reduce sum %t axis 1 : tensor<24x24xf32> -> tensor<24xf32>
  tile.store %s, %y[%row] : tensor<24xf32> -> !tile.view<f32, 1>
  return
}

