func.func @kernel_unit() attributes {tile.kernel = 1} { return }

