func.func @narrow_dim(%q: !tile.view<f16, 2>, %i: i32) {
  %n = tile.narrow %q, 2, %i, %i : !tile.view<f16, 2>
  return
}

