func.func @slice_too_many_elements(%t: tensor<8192xf32, #tilegpu.slice<dim = 0, parent = #tilegpu.mma<warpsM = 1, warpsN = 1>>>)

