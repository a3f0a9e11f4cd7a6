#b = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>
func.func @capped(%x: !tile.view<f16, 2>, %y: !tile.view<f32, 2>, %i: i32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%i, %c0] : !tile.view<f16, 2> -> tensor<4x64xf16, #b>
  %f = arith.extf %t : tensor<4x64xf16, #b> to tensor<4x64xf32, #b>
  tile.store %f, %y[%i, %c0] : tensor<4x64xf32, #b> -> !tile.view<f32, 2>
  return
}
func.func @mma_rows_capped(%y: !tile.view<f16, 2>, %i: i32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = arith.constant dense<1.0> : tensor<16x32xf16, #tilegpu.mma<warpsM = 1, warpsN = 1>>
  tile.store %t, %y[%i, %c0] {in_bounds = array<i1: true, true>} : tensor<16x32xf16, #tilegpu.mma<warpsM = 1, warpsN = 1>> -> !tile.view<f16, 2>
  return
}

