func.func @shape_fixed_wide(%x: !tile.view<f16, 1> {tile.shape = [36893488147419103232 : i128]}) { return }

