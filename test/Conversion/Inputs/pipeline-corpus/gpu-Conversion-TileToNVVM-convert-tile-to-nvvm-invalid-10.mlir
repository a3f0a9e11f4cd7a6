#mma = #tilegpu.mma<warpsM = 2, warpsN = 1>
#rows = #tilegpu.slice<dim = 1, parent = #mma>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @broadcast_other_parent(%arg0: tensor<64x1xf32, #rows>) attributes {tile.kernel, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 0 : i64} {
    return
  }
}

