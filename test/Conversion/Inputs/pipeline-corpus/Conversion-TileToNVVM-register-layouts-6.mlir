#b = #tilegpu.blocked<sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>
#cols = #tilegpu.slice<dim = 0, parent = #b>
func.func @column_max(%x: !tile.view<f32, 2>, %o: !tile.view<f32, 1>, %i: i32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%c0, %c0] : !tile.view<f32, 2> -> tensor<64x8xf32, #b>
  %s = tile.reduce max %t axis 0 : tensor<64x8xf32, #b> -> tensor<8xf32, #cols>
  tile.store %s, %o[%c0] : tensor<8xf32, #cols> -> !tile.view<f32, 1>
  return
}

