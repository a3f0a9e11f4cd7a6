func.func @name(%x: !tile.view<f32, 1> {tile.name = 1}) { return }

