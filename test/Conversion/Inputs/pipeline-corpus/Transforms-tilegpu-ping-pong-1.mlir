#mma = #tilegpu.mma<warpsM = 8, warpsN = 1>
#rows = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]>
#cols = #tilegpu.blocked<sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 8], order = [0, 1]>
func.func @split_turns() attributes {tile.kernel, tile.num_warps = 8 : i32, tile.ping_pong = true} {
  tilegpu.warp_specialize {consumer_registers = 240 : i64, producer_registers = 24 : i64, producer_warps = 4 : i64} producer {
  } consumer {
    %a = "test.a"() : () -> tensor<128x64xf16>
    %b = "test.b"() : () -> tensor<64x64xf16>
    %c = "test.c"() : () -> tensor<128x64xf32, #mma>
    %x = "test.x"() : () -> tensor<64x64xf32, #rows>
    %d = tile.dot %a, %b, %c {tilegpu.async} : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32, #mma>
    %y = tilegpu.convert_layout %x : tensor<64x64xf32, #rows> -> tensor<64x64xf32, #cols>
    %e = tile.dot %a, %b, %c {tilegpu.async} : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32, #mma>
    %w:2 = tilegpu.dot_wait %d, %e {pendings = 0 : i32} : tensor<128x64xf32, #mma>, tensor<128x64xf32, #mma>
    "test.use"(%w#0, %w#1, %y) : (tensor<128x64xf32, #mma>, tensor<128x64xf32, #mma>, tensor<64x64xf32, #cols>) -> ()
  }
  return
}
func.func @not_asked() attributes {tile.kernel, tile.num_warps = 12 : i32} {
  tilegpu.warp_specialize {consumer_registers = 160 : i64, producer_registers = 24 : i64, producer_warps = 4 : i64} producer {
  } consumer {
    %a = "test.a"() : () -> tensor<128x64xf16>
    %b = "test.b"() : () -> tensor<64x64xf16>
    %c = "test.c"() : () -> tensor<128x64xf32, #mma>
    %d = tile.dot %a, %b, %c {tilegpu.async} : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32, #mma>
    %w = tilegpu.dot_wait %d {pendings = 0 : i32} : tensor<128x64xf32, #mma>
    "test.use"(%w) : (tensor<128x64xf32, #mma>) -> ()
  }
  return
}

