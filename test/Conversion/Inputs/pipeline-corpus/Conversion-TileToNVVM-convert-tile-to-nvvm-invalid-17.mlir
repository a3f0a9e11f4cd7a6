func.func @math_f64(%x: f64) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %y = math.exp2 %x : f64
  return
}

