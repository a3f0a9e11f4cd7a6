#b = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
func.func @blocked_to_mma(%x: !tile.view<f32, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%c0, %c0] : !tile.view<f32, 2> -> tensor<64x16xf32, #b>
  %m = tilegpu.convert_layout %t : tensor<64x16xf32, #b> -> tensor<64x16xf32, #mma>
  tile.store %m, %o[%c0, %c0] : tensor<64x16xf32, #mma> -> !tile.view<f32, 2>
  return
}

