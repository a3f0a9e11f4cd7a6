func.func @shape_rank(%x: !tile.view<f16, 2> {tile.shape = ["N"]}) attributes {tile.sizes = ["N"]} { return }

