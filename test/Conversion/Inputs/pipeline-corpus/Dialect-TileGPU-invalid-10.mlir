func.func @mma_warps_n(%t: tensor<64x16xf32, #tilegpu.mma<warpsM = 4, warpsN = 2>>)

