func.func @mma_too_many_elements(%t: tensor<512x256xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>)

