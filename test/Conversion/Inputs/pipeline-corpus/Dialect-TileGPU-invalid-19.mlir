func.func @slice_2d(%t: tensor<16x16xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 1, warpsN = 1>>>)

