#mma = #tilegpu.mma<warpsM = 8, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
func.func @turns(%n: i32) attributes {tile.kernel, tile.num_warps = 8 : i32, tile.ping_pong = true} {
  tilegpu.warp_specialize {consumer_registers = 240 : i64, producer_registers = 24 : i64, producer_warps = 4 : i64} producer {
  } consumer {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %q = "test.q"() : () -> tensor<128x64xf16>
    %init = "test.acc"() : () -> tensor<128x64xf32, #mma>
    %acc = scf.for %i = %c0 to %n step %c64 iter_args(%o = %init) -> (tensor<128x64xf32, #mma>) : i32 {
      %k = "test.k"() : () -> tensor<64x64xf16>
      tilegpu.stage_wait stage %c0 phase %c0 {buffer = 0 : i64}
      %s = tile.dot %q, %k, %init {tilegpu.async} : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32, #mma>
      %o2 = arith.mulf %o, %o : tensor<128x64xf32, #mma>
      tilegpu.stage_wait stage %c0 phase %c0 {buffer = 1 : i64}
      %o3 = tile.dot %q, %k, %o2 {tilegpu.async} : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32, #mma>
      %w:2 = tilegpu.dot_wait %s, %o3 {pendings = 1 : i32} : tensor<128x64xf32, #mma>, tensor<128x64xf32, #mma>
      "test.softmax"(%w#0) : (tensor<128x64xf32, #mma>) -> ()
      scf.yield %w#1 : tensor<128x64xf32, #mma>
    }
    "test.epilogue"(%acc) : (tensor<128x64xf32, #mma>) -> ()
  }
  return
}

