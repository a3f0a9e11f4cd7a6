func.func @shared_swizzle_not_pow2(%t: tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 48>>)

