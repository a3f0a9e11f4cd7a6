func.func @sizes_entries() attributes {tile.sizes = [1]} { return }

