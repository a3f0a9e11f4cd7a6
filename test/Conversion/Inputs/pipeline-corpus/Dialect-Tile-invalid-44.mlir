func.func @bogus() attributes {tile.bogus} { return }

