func.func @shared_rank(%t: tensor<64xf16, #tilegpu.shared<transposed = false, swizzle = 16>>)

