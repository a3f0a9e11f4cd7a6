#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
func.func @async_read_directly(%a: tensor<64x64xf16, #shared>, %b: tensor<64x64xf16, #shared>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
  %d = tile.dot %a, %b, %c {tilegpu.async} : tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared> -> tensor<64x64xf32, #mma>
  %e = arith.addf %d, %c : tensor<64x64xf32, #mma>
  return %e : tensor<64x64xf32, #mma>
}

