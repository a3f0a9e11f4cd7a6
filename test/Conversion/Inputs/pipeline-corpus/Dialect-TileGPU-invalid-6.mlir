func.func @convert_from_shared(%t: tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>) {
  %c = tilegpu.convert_layout %t : tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>> -> tensor<64x64xf16, #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
  return
}

