#mma = #tilegpu.mma<warpsM = 1, warpsN = 1>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @tile_parameter(%arg0: tensor<16x16xf32, #mma>) attributes {tile.kernel, tile.num_warps = 1 : i32, tilegpu.shared_bytes = 0 : i64} {
    return
  }
}

