func.func @grid_map() attributes {tile.sizes = ["N"], tile.grid = 1} { return }

