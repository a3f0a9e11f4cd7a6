func.func @splat_without_layout(%x: f32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %t = tile.splat %x : f32 -> tensor<16x16xf32>
  return
}

