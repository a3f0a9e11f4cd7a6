func.func @role(%x: !tile.view<f16, 1> {tile.role = "scratch"}) { return }

