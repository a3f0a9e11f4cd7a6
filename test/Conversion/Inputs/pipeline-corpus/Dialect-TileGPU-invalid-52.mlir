func.func @blocked_pow2(%t: tensor<4x64xf32, #tilegpu.blocked<sizePerThread = [1, 3], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>>)

