func.func @shared_element(%t: tensor<16x16xf32, #tilegpu.shared<transposed = false, swizzle = 32>>)

