#b = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
#cols = #tilegpu.slice<dim = 0, parent = #b>
func.func @column_sum_with_copies(%x: !tile.view<f32, 2>, %o: !tile.view<f32, 1>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%c0, %c0] : !tile.view<f32, 2> -> tensor<4x64xf32, #b>
  %s = tile.reduce sum %t axis 0 : tensor<4x64xf32, #b> -> tensor<64xf32, #cols>
  tile.store %s, %o[%c0] : tensor<64xf32, #cols> -> !tile.view<f32, 1>
  return
}

