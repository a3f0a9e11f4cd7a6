func.func @expand_splat(%x: f32) -> tensor<16x1xf32> {
  %s = tile.splat %x : f32 -> tensor<16xf32>
  %e = tile.expand_dims %s axis 1 : tensor<16xf32> -> tensor<16x1xf32>
  return %e : tensor<16x1xf32>
}

