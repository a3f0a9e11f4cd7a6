func.func @mma_empty(%t: tensor<0x16xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>)

