func.func @dim_out_of_range(%q: !tile.view<f16, 3>) {
  %n = tile.dim %q, 3 : !tile.view<f16, 3>
  return
}

