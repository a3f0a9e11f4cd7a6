func.func @grid_symbols() attributes {tile.sizes = ["N"], tile.grid = affine_map<()[s0, s1] -> (s0)>} { return }

