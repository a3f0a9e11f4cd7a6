func.func @shared_overflow(%t: tensor<4294967296x4294967296xf16, #tilegpu.shared<transposed = false, swizzle = 128>>)

