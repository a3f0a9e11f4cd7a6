func.func @warps_too_many() attributes {tile.num_warps = 64 : i32} { return }

