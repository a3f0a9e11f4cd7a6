#mma = #tilegpu.mma<warpsM = 1, warpsN = 1>
#swizzle64 = #tilegpu.shared<transposed = false, swizzle = 64>
#shared = #tilegpu.shared<transposed = false, swizzle = 32>
func.func @swizzle64(%a: !tile.view<f16, 2>, %b: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<16x64xf16, #swizzle64>
  %y = tile.load %b[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x16xf16, #shared>
  %z = arith.constant dense<0.0> : tensor<16x16xf32, #mma>
  %d = tile.dot %x, %y, %z : tensor<16x64xf16, #swizzle64>, tensor<64x16xf16, #shared> -> tensor<16x16xf32, #mma>
  tile.store %d, %o[%c0, %c0] : tensor<16x16xf32, #mma> -> !tile.view<f32, 2>
  return
}

