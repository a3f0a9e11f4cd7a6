func.func @expand_vector_other_split(%r: tensor<256xf32, #tilegpu.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>>) attributes {tile.kernel, tile.num_warps = 2 : i32} {
  %e = tile.expand_dims %r axis 1 : tensor<256xf32, #tilegpu.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>> -> tensor<256x1xf32, #tilegpu.blocked<sizePerThread = [2, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 1], order = [1, 0]>>
  return
}

