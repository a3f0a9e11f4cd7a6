func.func @softmax_row(%x: !tile.view<f16, 2>, %y: !tile.view<f16, 2>, %row: i32, %n: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%row, %c0] : !tile.view<f16, 2> -> tensor<1x1024xf16>
  %f = arith.extf %t : tensor<1x1024xf16> to tensor<1x1024xf32>
  %cols = tile.iota : tensor<1024xi32>
  %c = tile.expand_dims %cols axis 0 : tensor<1024xi32> -> tensor<1x1024xi32>
  %ns = tile.splat %n : i32 -> tensor<1x1024xi32>
  %in = arith.cmpi slt, %c, %ns : tensor<1x1024xi32>
  %ninf = arith.constant dense<0xFF800000> : tensor<1x1024xf32>
  %v = arith.select %in, %f, %ninf : tensor<1x1024xi1>, tensor<1x1024xf32>
  %m = tile.reduce max %v axis 1 : tensor<1x1024xf32> -> tensor<1xf32>
  %me = tile.expand_dims %m axis 1 : tensor<1xf32> -> tensor<1x1xf32>
  %mb = tile.broadcast %me : tensor<1x1xf32> -> tensor<1x1024xf32>
  %d = arith.subf %v, %mb : tensor<1x1024xf32>
  %r = arith.truncf %d : tensor<1x1024xf32> to tensor<1x1024xf16>
  tile.store %r, %y[%row, %c0] : tensor<1x1024xf16> -> !tile.view<f16, 2>
  return
}

