#mma = #tilegpu.mma<warpsM = 2, warpsN = 1>
module {
  func.func @replicated(%arg0: !tile.view<f32, 2>) attributes {tessera.shared_bytes = 0 : i64, tile.kernel, tile.num_warps = 4 : i32} {
    %c0_i32 = arith.constant 0 : i32
    %cst = arith.constant dense<1.000000e+00> : tensor<32x16xf32, #mma>
    tile.store %cst, %arg0[%c0_i32, %c0_i32] : tensor<32x16xf32, #mma> -> !tile.view<f32, 2>
    return
  }
}

