func.func @trans_once(%x: tensor<16x8xf16>) -> tensor<8x16xf16> {
  %t = tile.trans %x : tensor<16x8xf16> -> tensor<8x16xf16>
  return %t : tensor<8x16xf16>
}

