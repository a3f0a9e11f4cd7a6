func.func @shape_on_scalar(%x: i32 {tile.shape = ["N"]}) { return }

