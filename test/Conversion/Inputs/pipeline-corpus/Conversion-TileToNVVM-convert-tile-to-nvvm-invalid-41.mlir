#b = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>
func.func @__nv_sinf(%a: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] : !tile.view<f32, 2> -> tensor<8x16xf32, #b>
  %s = math.sin %x : tensor<8x16xf32, #b>
  tile.store %s, %a[%c0, %c0] : tensor<8x16xf32, #b> -> !tile.view<f32, 2>
  return
}

