func.func @mma_zero_warps(%t: tensor<128x16xf32, #tilegpu.mma<warpsM = 0, warpsN = 1>>)

