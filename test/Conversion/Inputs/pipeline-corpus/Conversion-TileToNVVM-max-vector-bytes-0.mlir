#b = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>
func.func @capped(%x: !tile.view<f16, 2>, %y: !tile.view<f32, 2>, %i: i32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%i, %c0] : !tile.view<f16, 2> -> tensor<4x64xf16, #b>
  %f = arith.extf %t : tensor<4x64xf16, #b> to tensor<4x64xf32, #b>
  tile.store %f, %y[%i, %c0] : tensor<4x64xf32, #b> -> !tile.view<f32, 2>
  return
}

