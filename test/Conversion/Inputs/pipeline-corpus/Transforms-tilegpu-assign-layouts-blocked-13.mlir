func.func @row_to_scalar(%x: !tile.view<f16, 2>, %m: !tile.view<f32, 1>, %y: !tile.view<f32, 2>, %row: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%row, %c0] : !tile.view<f16, 2> -> tensor<1024xf16>
  %f = arith.extf %t : tensor<1024xf16> to tensor<1024xf32>
  %col = tile.expand_dims %f axis 1 : tensor<1024xf32> -> tensor<1024x1xf32>
  %one = tile.reduce sum %col axis 0 : tensor<1024x1xf32> -> tensor<1xf32>
  %s = tile.to_scalar %one : tensor<1xf32> -> f32
  tile.store_scalar %s, %m[%row] : f32 -> !tile.view<f32, 1>
  %b = tile.broadcast %one : tensor<1xf32> -> tensor<1024xf32>
  %d = arith.subf %f, %b : tensor<1024xf32>
  tile.store %d, %y[%row, %c0] : tensor<1024xf32> -> !tile.view<f32, 2>
  return
}

