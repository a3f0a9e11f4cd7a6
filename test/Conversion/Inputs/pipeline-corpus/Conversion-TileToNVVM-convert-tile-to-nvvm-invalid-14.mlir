func.func @tile_parameter(%t: tensor<16x16xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  return
}

