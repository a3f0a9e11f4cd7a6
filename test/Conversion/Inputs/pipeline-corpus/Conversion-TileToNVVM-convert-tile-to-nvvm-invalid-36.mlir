func.func @async_without_wgmma(%a: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  %z = arith.constant dense<0.0> : tensor<64x64xf32, #tilegpu.mma<warpsM = 4, warpsN = 1>>
  %d = tile.dot %x, %x, %z {tilegpu.async} : tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>, tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>> -> tensor<64x64xf32, #tilegpu.mma<warpsM = 4, warpsN = 1>>
  %w = tilegpu.dot_wait %d {pendings = 0 : i32} : tensor<64x64xf32, #tilegpu.mma<warpsM = 4, warpsN = 1>>
  tile.store %w, %o[%c0, %c0] : tensor<64x64xf32, #tilegpu.mma<warpsM = 4, warpsN = 1>> -> !tile.view<f32, 2>
  return
}

