func.func @slice_dim(%t: tensor<64xf32, #tilegpu.slice<dim = 2, parent = #tilegpu.mma<warpsM = 4, warpsN = 1>>>)

