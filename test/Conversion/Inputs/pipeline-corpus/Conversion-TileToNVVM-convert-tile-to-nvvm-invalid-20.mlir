func.func @math_unsupported(%x: f32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %y = math.atan %x : f32
  return
}

