func.func @grid_dims() attributes {tile.sizes = ["N"], tile.grid = affine_map<(d0) -> (d0)>} { return }

