func.func @tile_to_scalar(%x: !tile.view<f32, 2>, %m: !tile.view<f32, 1>, %row: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%row, %c0] : !tile.view<f32, 2> -> tensor<4x256xf32>
  %rows = tile.reduce max %t axis 1 : tensor<4x256xf32> -> tensor<4xf32>
  %col = tile.expand_dims %rows axis 1 : tensor<4xf32> -> tensor<4x1xf32>
  %one = tile.reduce max %col axis 0 : tensor<4x1xf32> -> tensor<1xf32>
  %s = tile.to_scalar %one : tensor<1xf32> -> f32
  tile.store_scalar %s, %m[%row] : f32 -> !tile.view<f32, 1>
  return
}

