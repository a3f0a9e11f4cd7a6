func.func @slice_rank(%t: tensor<16x1x1xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 1, warpsN = 1>>>)

