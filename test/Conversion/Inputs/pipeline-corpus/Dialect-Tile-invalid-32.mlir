module attributes {tile.kernel} {}

