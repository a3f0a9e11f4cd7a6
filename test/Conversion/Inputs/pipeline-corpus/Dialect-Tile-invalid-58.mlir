func.func @stages_too_many() attributes {tile.num_stages = 2147483647 : i32} { return }

