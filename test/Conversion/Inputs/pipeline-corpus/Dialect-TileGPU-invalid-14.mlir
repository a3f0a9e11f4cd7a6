func.func @mma_rank(%t: tensor<16xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>)

