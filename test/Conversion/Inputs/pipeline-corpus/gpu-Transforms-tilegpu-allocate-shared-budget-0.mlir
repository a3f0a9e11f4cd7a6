#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @big(%arg0: !tile.view<f16, 2>, %arg1: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 131072 : i64} {
    %cst = arith.constant dense<0.000000e+00> : tensor<256x256xf32, #mma>
    %c0_i32 = arith.constant 0 : i32
    %0 = tile.load %arg0[%c0_i32, %c0_i32] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<256x128xf16, #shared>
    %1 = tile.load %arg0[%c0_i32, %c0_i32] {tilegpu.shared_offset = 65536 : i64} : !tile.view<f16, 2> -> tensor<128x256xf16, #shared>
    %2 = tile.dot %0, %1, %cst {tilegpu.async, tilegpu.wgmma} : tensor<256x128xf16, #shared>, tensor<128x256xf16, #shared> -> tensor<256x256xf32, #mma>
    %3 = tilegpu.dot_wait %2 {pendings = 0 : i32} : tensor<256x256xf32, #mma>
    tile.store %3, %arg1[%c0_i32, %c0_i32] : tensor<256x256xf32, #mma> -> !tile.view<f32, 2>
    return
  }
}

