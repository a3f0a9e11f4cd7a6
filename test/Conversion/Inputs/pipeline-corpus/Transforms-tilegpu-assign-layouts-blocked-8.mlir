func.func @twelve_warps_rows(%x: !tile.view<f16, 2>, %y: !tile.view<f32, 1>, %row: i32) attributes {tile.kernel, tile.num_warps = 12 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%row, %c0] : !tile.view<f16, 2> -> tensor<6x1024xf16>
  %f = arith.extf %t : tensor<6x1024xf16> to tensor<6x1024xf32>
  %m = tile.reduce max %f axis 1 : tensor<6x1024xf32> -> tensor<6xf32>
  tile.store %m, %y[%row] : tensor<6xf32> -> !tile.view<f32, 1>
  return
}

