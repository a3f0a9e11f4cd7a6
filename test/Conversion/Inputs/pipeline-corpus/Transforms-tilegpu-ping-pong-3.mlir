#mma = #tilegpu.mma<warpsM = 8, warpsN = 1>
func.func @branch(%p: i1) attributes {tile.kernel, tile.num_warps = 8 : i32, tile.ping_pong = true} {
  tilegpu.warp_specialize {consumer_registers = 240 : i64, producer_registers = 24 : i64, producer_warps = 4 : i64} producer {
  } consumer {
    %a = "test.a"() : () -> tensor<128x64xf16>
    %b = "test.b"() : () -> tensor<64x64xf16>
    %c = "test.c"() : () -> tensor<128x64xf32, #mma>
    %r = scf.if %p -> (tensor<128x64xf32, #mma>) {
      %d = tile.dot %a, %b, %c {tilegpu.async} : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32, #mma>
      %w = tilegpu.dot_wait %d {pendings = 0 : i32} : tensor<128x64xf32, #mma>
      scf.yield %w : tensor<128x64xf32, #mma>
    } else {
      scf.yield %c : tensor<128x64xf32, #mma>
    }
    "test.use"(%r) : (tensor<128x64xf32, #mma>) -> ()
  }
  return
}

