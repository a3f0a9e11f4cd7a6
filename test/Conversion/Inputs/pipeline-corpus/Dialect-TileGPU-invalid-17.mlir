func.func @slice_rows(%t: tensor<32xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 4, warpsN = 1>>>)

