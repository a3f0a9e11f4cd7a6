func.func @trans_trans(%x: tensor<16x8xf16>) -> tensor<16x8xf16> {
  %t = tile.trans %x : tensor<16x8xf16> -> tensor<8x16xf16>
  %u = tile.trans %t : tensor<8x16xf16> -> tensor<16x8xf16>
  return %u : tensor<16x8xf16>
}

