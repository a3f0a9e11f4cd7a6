#b = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
#rows = #tilegpu.slice<dim = 1, parent = #b>
func.func @sums_in_a_loop(%x: !tile.view<f32, 2>, %o: !tile.view<f32, 1>, %n: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %t = tile.load %x[%c0, %c0] : !tile.view<f32, 2> -> tensor<1x512xf32, #b>
  %s = tile.reduce sum %t axis 1 : tensor<1x512xf32, #b> -> tensor<1xf32, #rows>
  tile.store %s, %o[%c0] : tensor<1xf32, #rows> -> !tile.view<f32, 1>
  scf.for %i = %c0 to %n step %c1 : i32 {
    %u = tile.load %x[%i, %c0] : !tile.view<f32, 2> -> tensor<1x512xf32, #b>
    %m = tile.reduce max %u axis 1 : tensor<1x512xf32, #b> -> tensor<1xf32, #rows>
    tile.store %m, %o[%i] : tensor<1xf32, #rows> -> !tile.view<f32, 1>
  }
  return
}

