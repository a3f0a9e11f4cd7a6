#b = #tilegpu.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]>
#rows = #tilegpu.slice<dim = 1, parent = #b>
func.func @copies_contribute_nothing(%x: !tile.view<f32, 2>, %o: !tile.view<f32, 1>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%c0, %c0] : !tile.view<f32, 2> -> tensor<1x16xf32, #b>
  %s = tile.reduce sum %t axis 1 : tensor<1x16xf32, #b> -> tensor<1xf32, #rows>
  tile.store %s, %o[%c0] : tensor<1xf32, #rows> -> !tile.view<f32, 1>
  return
}

