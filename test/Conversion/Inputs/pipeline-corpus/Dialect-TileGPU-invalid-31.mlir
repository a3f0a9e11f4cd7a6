func.func @shared_swizzle_period(%t: tensor<64x48xf16, #tilegpu.shared<transposed = false, swizzle = 64>>)

