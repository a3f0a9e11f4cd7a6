func.func @iota_empty() {
  %t = tile.iota : tensor<0xi32>
  return
}

