#mma = #tilegpu.mma<warpsM = 1, warpsN = 1>
module {
  func.func @too_many_elements(%arg0: !tile.view<f32, 2>, %arg1: !tile.view<f32, 2>) attributes {tessera.shared_bytes = 0 : i64, tile.kernel, tile.num_warps = 1 : i32} {
    %c0_i32 = arith.constant 0 : i32
    %0 = tile.load %arg0[%c0_i32, %c0_i32] : !tile.view<f32, 2> -> tensor<512x256xf32, #mma>
    tile.store %0, %arg1[%c0_i32, %c0_i32] : tensor<512x256xf32, #mma> -> !tile.view<f32, 2>
    return
  }
}

