func.func @math_f64(%i: i32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %x = arith.sitofp %i : i32 to f64
  %y = math.exp2 %x : f64
  return
}

