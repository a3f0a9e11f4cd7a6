func.func @blocked_order(%t: tensor<4x64xf32, #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 1]>>)

