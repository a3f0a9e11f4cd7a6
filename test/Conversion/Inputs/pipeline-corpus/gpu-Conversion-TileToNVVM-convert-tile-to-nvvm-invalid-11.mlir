#mma = #tilegpu.mma<warpsM = 1, warpsN = 1>
module {
  func.func @tile_parameter(%arg0: tensor<16x16xf32, #mma>) attributes {tilegpu.shared_bytes = 0 : i64, tile.kernel, tile.num_warps = 1 : i32} {
    return
  }
}

