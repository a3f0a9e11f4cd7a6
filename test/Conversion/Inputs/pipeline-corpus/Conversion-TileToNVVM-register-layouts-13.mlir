#bi = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
#bi_row = #tilegpu.slice<dim = 1, parent = #bi>
func.func @reduce_i32(%x: !tile.view<i32, 2>, %o: !tile.view<i32, 1>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%c0, %c0] : !tile.view<i32, 2> -> tensor<2x512xi32, #bi>
  %m = tile.reduce min %t axis 1 : tensor<2x512xi32, #bi> -> tensor<2xi32, #bi_row>
  tile.store %m, %o[%c0] : tensor<2xi32, #bi_row> -> !tile.view<i32, 1>
  return
}
#m1 = #tilegpu.mma<warpsM = 1, warpsN = 1>
#m1_rows = #tilegpu.slice<dim = 1, parent = #m1>
func.func @max_f16(%a: !tile.view<f16, 2>, %o: !tile.view<f16, 1>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<16x16xf16, #m1>
  %r = tile.reduce max %t axis 1 : tensor<16x16xf16, #m1> -> tensor<16xf16, #m1_rows>
  tile.store %r, %o[%c0] : tensor<16xf16, #m1_rows> -> !tile.view<f16, 1>
  return
}

