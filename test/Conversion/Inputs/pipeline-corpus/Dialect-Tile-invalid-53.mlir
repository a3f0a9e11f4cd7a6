func.func @constants() attributes {tile.constants = 1} { return }

