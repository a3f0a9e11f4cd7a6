func.func @mma_too_many_warps(%t: tensor<1024x16xf32, #tilegpu.mma<warpsM = 64, warpsN = 1>>)

