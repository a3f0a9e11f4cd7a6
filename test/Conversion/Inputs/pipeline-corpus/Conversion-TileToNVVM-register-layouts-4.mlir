#b8 = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>
func.func @unaligned_start(%x: !tile.view<f16, 2>, %y: !tile.view<f16, 2>, %i: i32, %j: i32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c4 = arith.constant 4 : i32
  %t = tile.load %x[%i, %j] : !tile.view<f16, 2> -> tensor<4x64xf16, #b8>
  tile.store %t, %y[%i, %c4] : tensor<4x64xf16, #b8> -> !tile.view<f16, 2>
  return
}

