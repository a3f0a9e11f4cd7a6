func.func @mma_elements_overflow(%t: tensor<4611686018427387904x4611686018427387904xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>)

