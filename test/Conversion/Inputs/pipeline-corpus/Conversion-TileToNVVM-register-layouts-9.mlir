#b = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
#cols = #tilegpu.slice<dim = 0, parent = #b>
func.func @column_vector(%w: !tile.view<f16, 1>, %o: !tile.view<f16, 2>, %i: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %v = tile.load %w[%c0] : !tile.view<f16, 1> -> tensor<1024xf16, #cols>
  %e = tile.expand_dims %v axis 0 : tensor<1024xf16, #cols> -> tensor<1x1024xf16, #b>
  tile.store %e, %o[%i, %c0] : tensor<1x1024xf16, #b> -> !tile.view<f16, 2>
  return
}

