func.func @rows_per_warp(%x: !tile.view<f16, 2>, %y: !tile.view<f16, 2>, %row: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%row, %c0] : !tile.view<f16, 2> -> tensor<4x1024xf16>
  %f = arith.extf %t : tensor<4x1024xf16> to tensor<4x1024xf32>
  %s = tile.reduce sum %f axis 1 : tensor<4x1024xf32> -> tensor<4xf32>
  %se = tile.expand_dims %s axis 1 : tensor<4xf32> -> tensor<4x1xf32>
  %sb = tile.broadcast %se : tensor<4x1xf32> -> tensor<4x1024xf32>
  %d = arith.divf %f, %sb : tensor<4x1024xf32>
  %r = arith.truncf %d : tensor<4x1024xf32> to tensor<4x1024xf16>
  tile.store %r, %y[%row, %c0] : tensor<4x1024xf16> -> !tile.view<f16, 2>
  return
}

