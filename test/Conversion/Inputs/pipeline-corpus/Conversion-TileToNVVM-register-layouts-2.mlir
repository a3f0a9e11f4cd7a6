#b8 = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>
func.func @in_bounds_copy(%x: !tile.view<f16, 2>, %y: !tile.view<f16, 2>, %i: i32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%i, %c0] {in_bounds = array<i1: true, true>} : !tile.view<f16, 2> -> tensor<4x64xf16, #b8>
  tile.store %t, %y[%i, %c0] {in_bounds = array<i1: true, true>} : tensor<4x64xf16, #b8> -> !tile.view<f16, 2>
  return
}

