func.func @shared_chunks(%t: tensor<12x16xf16, #tilegpu.shared<transposed = true, swizzle = 16>>)

