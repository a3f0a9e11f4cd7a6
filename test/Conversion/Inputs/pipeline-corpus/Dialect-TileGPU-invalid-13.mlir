func.func @mma_cols(%t: tensor<16x12xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>)

