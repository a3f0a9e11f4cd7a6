#mma = #tilegpu.mma<warpsM = 2, warpsN = 1>
module {
  func.func @dot_register_a(%arg0: tensor<64x16xf16, #mma>, %arg1: !tile.view<f16, 2>) attributes {tilegpu.shared_bytes = 0 : i64, tile.kernel, tile.num_warps = 4 : i32} {
    return
  }
}

