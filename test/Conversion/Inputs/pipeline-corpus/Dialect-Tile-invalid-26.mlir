func.func @trans_shape(%x: tensor<16x8xf16>) {
  %t = tile.trans %x : tensor<16x8xf16> -> tensor<16x8xf16>
  return
}

