func.func @f16_scalar(%h: f16 {tile.name = "h"}) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  return
}

