func.func @sizes_array() attributes {tile.sizes = 1} { return }

