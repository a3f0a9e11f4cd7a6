func.func @shared_swizzle_no_panels(%t: tensor<64x32xf16, #tilegpu.shared<transposed = false, swizzle = 128>>)

