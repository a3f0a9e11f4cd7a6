func.func @convert_from_shared(%t: tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>) {
  %c = tilegpu.convert_layout %t : tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>> -> tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 64>>
  return
}

