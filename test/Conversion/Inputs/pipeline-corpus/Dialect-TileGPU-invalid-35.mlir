func.func @offset_unsigned(%a: !tile.view<f16, 2>, %i: i32) {
  %x = tile.load %a[%i, %i] {tilegpu.shared_offset = 0 : ui64} : !tile.view<f16, 2> -> tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>>
  return
}

