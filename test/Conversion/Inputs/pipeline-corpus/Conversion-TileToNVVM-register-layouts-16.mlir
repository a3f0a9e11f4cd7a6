#b8 = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>
func.func @round_pairs(%x: !tile.view<f32, 2>, %y: !tile.view<f16, 2>, %z: !tile.view<bf16, 2>, %f: f32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%c0, %c0] : !tile.view<f32, 2> -> tensor<4x64xf32, #b8>
  %h = arith.truncf %t : tensor<4x64xf32, #b8> to tensor<4x64xf16, #b8>
  tile.store %h, %y[%c0, %c0] : tensor<4x64xf16, #b8> -> !tile.view<f16, 2>
  %g = arith.truncf %t : tensor<4x64xf32, #b8> to tensor<4x64xbf16, #b8>
  tile.store %g, %z[%c0, %c0] : tensor<4x64xbf16, #b8> -> !tile.view<bf16, 2>
  %s = arith.truncf %f : f32 to f16
  %u = tile.splat %s : f16 -> tensor<4x64xf16, #b8>
  tile.store %u, %y[%c0, %c0] : tensor<4x64xf16, #b8> -> !tile.view<f16, 2>
  return
}

