func.func @warps_unsigned() attributes {tile.num_warps = 4 : ui32} { return }

