func.func @shared_swizzle_too_small(%t: tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 8>>)

