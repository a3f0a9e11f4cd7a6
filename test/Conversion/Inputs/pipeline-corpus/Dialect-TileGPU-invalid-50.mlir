func.func @blocked_entries(%t: tensor<4x64xf32, #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [32], warpsPerCTA = [1, 1], order = [1, 0]>>)

