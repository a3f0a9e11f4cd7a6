func.func @offset_past_end(%a: !tile.view<f16, 2>, %i: i32) {
  %x = tile.load %a[%i, %i] {tilegpu.shared_offset = 229376 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  return
}

