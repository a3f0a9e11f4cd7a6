#mma = #tilegpu.mma<warpsM = 2, warpsN = 1>
#rows = #tilegpu.slice<dim = 1, parent = #mma>
module {
  func.func @broadcast_other_parent(%arg0: tensor<64x1xf32, #rows>) attributes {tilegpu.shared_bytes = 0 : i64, tile.kernel, tile.num_warps = 4 : i32} {
    return
  }
}

