func.func @libdevice_math(%x: !tile.view<f32, 2>, %o: !tile.view<f32, 2>, %h: !tile.view<f16, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%c0, %c0] : !tile.view<f32, 2> -> tensor<64x16xf32>
  %s = math.sin %t : tensor<64x16xf32>
  %c = math.cos %t : tensor<64x16xf32>
  %f = math.fma %s, %c, %t : tensor<64x16xf32>
  %p = math.powf %f, %t : tensor<64x16xf32>
  tile.store %p, %o[%c0, %c0] : tensor<64x16xf32> -> !tile.view<f32, 2>
  %t16 = tile.load %h[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x16xf16>
  %e = math.erf %t16 : tensor<64x16xf16>
  tile.store %e, %h[%c0, %c0] : tensor<64x16xf16> -> !tile.view<f16, 2>
  return
}

