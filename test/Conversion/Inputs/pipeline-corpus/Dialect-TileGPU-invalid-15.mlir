func.func @mma_dynamic(%t: tensor<?x16xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>)

