#b = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>
func.func @trans_registers(%x: !tile.view<f32, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%c0, %c0] : !tile.view<f32, 2> -> tensor<16x16xf32, #b>
  %u = tile.trans %t : tensor<16x16xf32, #b> -> tensor<16x16xf32, #b>
  tile.store %u, %o[%c0, %c0] : tensor<16x16xf32, #b> -> !tile.view<f32, 2>
  return
}

