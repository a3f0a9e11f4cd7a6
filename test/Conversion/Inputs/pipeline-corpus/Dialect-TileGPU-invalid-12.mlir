func.func @mma_rows(%t: tensor<128x16xf32, #tilegpu.mma<warpsM = 3, warpsN = 1>>)

