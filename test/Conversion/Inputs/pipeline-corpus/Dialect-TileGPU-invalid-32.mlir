func.func @shared_swizzle_period_transposed(%t: tensor<8x64xf16, #tilegpu.shared<transposed = true, swizzle = 32>>)

