#mma = #tilegpu.mma<warpsM = 2, warpsN = 1>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @dot_register_a(%arg0: tensor<64x16xf16, #mma>, %arg1: !tile.view<f16, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 0 : i64} {
    return
  }
}

