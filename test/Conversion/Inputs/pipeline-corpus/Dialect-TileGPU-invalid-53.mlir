func.func @blocked_no_warps(%t: tensor<4x64xf32, #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [0, 1], order = [1, 0]>>)

