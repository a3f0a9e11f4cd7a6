func.func @blocked_extent(%t: tensor<5000xf16, #tilegpu.blocked<sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>)

