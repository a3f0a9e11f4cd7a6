func.func @shape_undeclared(%x: !tile.view<f16, 1> {tile.shape = ["M"]}) attributes {tile.sizes = ["N"]} { return }

