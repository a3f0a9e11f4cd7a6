func.func @sizes_distinct() attributes {tile.sizes = ["N", "N"]} { return }

