func.func @dot_register_a(%p: tensor<64x16xf16, #tilegpu.mma<warpsM = 2, warpsN = 1>>, %a: !tile.view<f16, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %y = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>>
  %z = arith.constant dense<0.0> : tensor<64x16xf32, #tilegpu.mma<warpsM = 4, warpsN = 1>>
  %d = tile.dot %p, %y, %z : tensor<64x16xf16, #tilegpu.mma<warpsM = 2, warpsN = 1>>, tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>> -> tensor<64x16xf32, #tilegpu.mma<warpsM = 4, warpsN = 1>>
  return
}

