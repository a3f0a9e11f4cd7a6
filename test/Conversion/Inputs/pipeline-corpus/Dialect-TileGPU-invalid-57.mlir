func.func @slice_parent(%t: tensor<64xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.shared<transposed = false, swizzle = 128>>>)

