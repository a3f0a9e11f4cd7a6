func.func @dot_n8(%a: !tile.view<f16, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>>
  %y = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 512 : i64} : !tile.view<f16, 2> -> tensor<16x8xf16, #tilegpu.shared<transposed = false, swizzle = 16>>
  %z = arith.constant dense<0.0> : tensor<16x8xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>
  %d = tile.dot %x, %y, %z : tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>>, tensor<16x8xf16, #tilegpu.shared<transposed = false, swizzle = 16>> -> tensor<16x8xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>
  return
}

