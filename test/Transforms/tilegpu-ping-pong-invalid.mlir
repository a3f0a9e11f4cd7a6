// RUN: tessera-opt %s -allow-unregistered-dialect -split-input-file -verify-diagnostics -tilegpu-ping-pong -o /dev/null

// Every warpgroup must take the same turns: no dot in a region other than
// a loop's or a branch's of the program (whose trip counts and conditions
// are the same for every consumer warpgroup).
#mma = #tilegpu.mma<warpsM = 8, warpsN = 1>
func.func @unknown_region() attributes {tile.kernel, tile.num_warps = 8 : i32, tile.ping_pong = true} {
  tilegpu.warp_specialize {consumer_registers = 240 : i64, producer_registers = 24 : i64, producer_warps = 4 : i64} producer {
  } consumer {
    %a = "test.a"() : () -> tensor<128x64xf16>
    %b = "test.b"() : () -> tensor<64x64xf16>
    %c = "test.c"() : () -> tensor<128x64xf32, #mma>
    "test.region"() ({
      // expected-error @below {{cannot ping-pong: this dot is inside 'test.region'}}
      %d = tile.dot %a, %b, %c {tilegpu.async} : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32, #mma>
      %w = tilegpu.dot_wait %d {pendings = 0 : i32} : tensor<128x64xf32, #mma>
      "test.use"(%w) : (tensor<128x64xf32, #mma>) -> ()
      "test.end"() : () -> ()
    }) : () -> ()
  }
  return
}

// -----

// One consumer warpgroup has nobody to take turns with.
// expected-error @below {{cannot ping-pong a kernel of 4 warps: it needs at least two consumer warpgroups (num_warps >= 8)}}
func.func @one_warpgroup() attributes {tile.kernel, tile.num_warps = 4 : i32, tile.ping_pong = true} {
  tilegpu.warp_specialize {consumer_registers = 240 : i64, producer_registers = 24 : i64, producer_warps = 4 : i64} producer {
  } consumer {
  }
  return
}

// -----

// Turns without the split they are taken in.
// expected-error @below {{ping_pong=True needs warp_specialize=True: the turns are taken by the consumer warpgroups of a warp-specialized kernel}}
func.func @not_asked_to_split() attributes {tile.kernel, tile.num_warps = 8 : i32, tile.ping_pong = true} {
  return
}
