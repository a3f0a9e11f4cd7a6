func.func @convert_from_transposed(%t: tensor<64x64xf16, #tilegpu.shared<transposed = true, swizzle = 128>>) {
  %c = tilegpu.convert_layout %t : tensor<64x64xf16, #tilegpu.shared<transposed = true, swizzle = 128>> -> tensor<64x64xf16, #tilegpu.mma<warpsM = 4, warpsN = 1>>
  return
}

