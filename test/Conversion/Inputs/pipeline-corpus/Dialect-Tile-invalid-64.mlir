func.func @shape_entry(%x: !tile.view<f16, 1> {tile.shape = [1.0 : f32]}) { return }

