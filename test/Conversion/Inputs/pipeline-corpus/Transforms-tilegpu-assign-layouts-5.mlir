func.func @swizzles(%a: !tile.view<f16, 2>, %i: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %x64 = tile.load %a[%i, %i] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %x32 = tile.load %a[%i, %i] : !tile.view<f16, 2> -> tensor<64x32xf16>
  %z32 = arith.constant dense<0.0> : tensor<64x32xf32>
  %d1 = tile.dot %x64, %x32, %z32 : tensor<64x64xf16>, tensor<64x32xf16> -> tensor<64x32xf32>
  %x48 = tile.load %a[%i, %i] : !tile.view<f16, 2> -> tensor<64x48xf16>
  %x8 = tile.load %a[%i, %i] : !tile.view<f16, 2> -> tensor<48x8xf16>
  %z8 = arith.constant dense<0.0> : tensor<64x8xf32>
  %d2 = tile.dot %x48, %x8, %z8 : tensor<64x48xf16>, tensor<48x8xf16> -> tensor<64x8xf32>
  %x192 = tile.load %a[%i, %i] : !tile.view<f16, 2> -> tensor<64x192xf16>
  %k = tile.load %a[%i, %i] : !tile.view<f16, 2> -> tensor<16x192xf16>
  %kt = tile.trans %k : tensor<16x192xf16> -> tensor<192x16xf16>
  %z16 = arith.constant dense<0.0> : tensor<64x16xf32>
  %d3 = tile.dot %x192, %kt, %z16 : tensor<64x192xf16>, tensor<192x16xf16> -> tensor<64x16xf32>
  %v = tile.load %a[%i, %i] : !tile.view<f16, 2> -> tensor<32x48xf16>
  %vt = tile.trans %v : tensor<32x48xf16> -> tensor<48x32xf16>
  %d4 = tile.dot %x48, %vt, %z32 : tensor<64x48xf16>, tensor<48x32xf16> -> tensor<64x32xf32>
  return
}

