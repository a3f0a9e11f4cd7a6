func.func @shared_too_big(%t: tensor<512x256xf16, #tilegpu.shared<transposed = false, swizzle = 128>>)

