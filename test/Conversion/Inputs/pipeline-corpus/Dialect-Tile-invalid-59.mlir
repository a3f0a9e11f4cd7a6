func.func @stages_zero() attributes {tile.num_stages = 0 : i32} { return }

