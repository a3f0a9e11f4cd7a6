func.func @init(%x: !tile.view<f32, 1> {tile.init = 0}) { return }

