func.func @shared_null_element(%t: tensor<64x64x!f16, #tilegpu.shared<transposed = false, swizzle = 128>>)

