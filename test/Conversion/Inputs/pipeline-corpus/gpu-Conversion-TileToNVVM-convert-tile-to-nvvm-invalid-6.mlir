#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
#rows = #tilegpu.slice<dim = 1, parent = #mma>
module {
  func.func @expand_changes_layout(%arg0: tensor<64xf32, #rows>) attributes {tilegpu.shared_bytes = 0 : i64, tile.kernel, tile.num_warps = 4 : i32} {
    return
  }
}

