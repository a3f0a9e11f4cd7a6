func.func @warps_bool() attributes {tile.num_warps = true} { return }

