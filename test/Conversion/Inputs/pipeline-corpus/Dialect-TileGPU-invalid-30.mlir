func.func @shared_swizzle_no_panels_transposed(%t: tensor<96x64xf16, #tilegpu.shared<transposed = true, swizzle = 128>>)

