func.func @warps() attributes {tile.num_warps = 0 : i32} { return }

