func.func @slice_cols(%t: tensor<1x4xf32, #tilegpu.slice<dim = 0, parent = #tilegpu.mma<warpsM = 4, warpsN = 1>>>)

