#b = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
#rows = #tilegpu.slice<dim = 1, parent = #b>
func.func @row_sum_across_warps(%x: !tile.view<f32, 2>, %o: !tile.view<f32, 1>, %i: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%i, %c0] : !tile.view<f32, 2> -> tensor<1x512xf32, #b>
  %s = tile.reduce sum %t axis 1 : tensor<1x512xf32, #b> -> tensor<1xf32, #rows>
  tile.store %s, %o[%i] : tensor<1xf32, #rows> -> !tile.view<f32, 1>
  return
}

