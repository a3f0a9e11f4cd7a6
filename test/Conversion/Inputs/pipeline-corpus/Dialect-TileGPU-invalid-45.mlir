func.func @convert_to_transposed(%t: tensor<64x64xf16, #tilegpu.mma<warpsM = 4, warpsN = 1>>) {
  %c = tilegpu.convert_layout %t : tensor<64x64xf16, #tilegpu.mma<warpsM = 4, warpsN = 1>> -> tensor<64x64xf16, #tilegpu.shared<transposed = true, swizzle = 128>>
  return
}

