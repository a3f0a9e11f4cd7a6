func.func @iota_without_layout() attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %r = tile.iota : tensor<16xi32>
  return
}

