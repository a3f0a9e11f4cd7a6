func.func @ten_warps(%x: !tile.view<f16, 2>, %w: !tile.view<f16, 1>, %y: !tile.view<f16, 2>, %row: i32) attributes {tile.kernel, tile.num_warps = 10 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%row, %c0] : !tile.view<f16, 2> -> tensor<2x5120xf16>
  %f = arith.extf %t : tensor<2x5120xf16> to tensor<2x5120xf32>
  %s = tile.reduce sum %f axis 1 : tensor<2x5120xf32> -> tensor<2xf32>
  %se = tile.expand_dims %s axis 1 : tensor<2xf32> -> tensor<2x1xf32>
  %sb = tile.broadcast %se : tensor<2x1xf32> -> tensor<2x5120xf32>
  %wv = tile.load %w[%c0] : !tile.view<f16, 1> -> tensor<5120xf16>
  %wf = arith.extf %wv : tensor<5120xf16> to tensor<5120xf32>
  %we = tile.expand_dims %wf axis 0 : tensor<5120xf32> -> tensor<1x5120xf32>
  %wb = tile.broadcast %we : tensor<1x5120xf32> -> tensor<2x5120xf32>
  %d = arith.divf %f, %sb : tensor<2x5120xf32>
  %e = arith.mulf %d, %wb : tensor<2x5120xf32>
  %r = arith.truncf %e : tensor<2x5120xf32> to tensor<2x5120xf16>
  tile.store %r, %y[%row, %c0] : tensor<2x5120xf16> -> !tile.view<f16, 2>
  return
}

