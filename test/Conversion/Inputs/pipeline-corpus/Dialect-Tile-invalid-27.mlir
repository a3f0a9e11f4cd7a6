func.func @trans_element(%x: tensor<16x8xf16>) {
  %t = tile.trans %x : tensor<16x8xf16> -> tensor<8x16xf32>
  return
}

