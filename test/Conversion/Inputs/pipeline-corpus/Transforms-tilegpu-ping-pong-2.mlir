#mma = #tilegpu.mma<warpsM = 8, warpsN = 1>
func.func @plain() attributes {tile.kernel, tile.num_warps = 8 : i32, tile.ping_pong = true, tile.warp_specialize = true} {
  %a = "test.a"() : () -> tensor<128x64xf16>
  %b = "test.b"() : () -> tensor<64x64xf16>
  %c = "test.c"() : () -> tensor<128x64xf32, #mma>
  %d = tile.dot %a, %b, %c {tilegpu.async} : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32, #mma>
  %w = tilegpu.dot_wait %d {pendings = 0 : i32} : tensor<128x64xf32, #mma>
  "test.use"(%w) : (tensor<128x64xf32, #mma>) -> ()
  return
}

