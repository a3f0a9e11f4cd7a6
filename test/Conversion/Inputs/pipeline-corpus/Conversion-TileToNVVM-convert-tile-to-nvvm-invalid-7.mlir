func.func @trans_reswizzled(%a: !tile.view<f16, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<16x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  %t = tile.trans %x : tensor<16x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>> -> tensor<64x16xf16, #tilegpu.shared<transposed = true, swizzle = 64>>
  return
}

