func.func @arg_bogus(%x: !tile.view<f32, 1> {tile.bogus}) { return }

