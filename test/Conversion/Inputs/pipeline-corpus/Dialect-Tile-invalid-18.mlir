func.func @splat_type(%x: f32) {
  %t = tile.splat %x : f32 -> tensor<16xf16>
  return
}

