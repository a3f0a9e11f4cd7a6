#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
#swizzle64 = #tilegpu.shared<transposed = false, swizzle = 64>
func.func @b_swizzle64(%a: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
  %y = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 8192 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #swizzle64>
  %z = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %d = tile.dot %x, %y, %z : tensor<64x64xf16, #shared>, tensor<64x64xf16, #swizzle64> -> tensor<64x64xf32, #mma>
  tile.store %d, %o[%c0, %c0] : tensor<64x64xf32, #mma> -> !tile.view<f32, 2>
  return
}

