// RUN: tessera-opt %s -allow-unregistered-dialect -split-input-file -tilegpu-ping-pong | FileCheck %s --enable-var-scope
// RUN: tessera-opt %s -allow-unregistered-dialect -split-input-file -tilegpu-ping-pong=all | FileCheck %s --check-prefix=ALL

// Two consumer warpgroups take turns. The last opens the ring, so that the
// first goes first; each turn is a run of dots and what fits between them
// (a stage wait, elementwise work), from the first dot to the last before
// the wait for their results; a stage wait before the first dot stays
// outside the turn. The first warpgroup takes the last hand-off at the
// end. Work after the wait (the softmax) is outside every turn.
// CHECK-LABEL: func.func @turns
// CHECK: } consumer {
// CHECK-NEXT: tilegpu.turn_pass {warpgroup = 1 : i64}
// CHECK: scf.for
// CHECK: tilegpu.stage_wait stage %{{.*}} phase %{{.*}} {buffer = 0 : i64}
// CHECK-NEXT: tilegpu.turn_wait
// CHECK-NEXT: %[[S:.*]] = tile.dot %{{.*}} {tilegpu.async}
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: tilegpu.stage_wait stage %{{.*}} phase %{{.*}} {buffer = 1 : i64}
// CHECK-NEXT: %[[O:.*]] = tile.dot %{{.*}} {tilegpu.async}
// CHECK-NEXT: tilegpu.turn_pass
// CHECK-NEXT: tilegpu.dot_wait %[[S]], %[[O]] {pendings = 1 : i32}
// CHECK-NEXT: "test.softmax"
// CHECK-NOT: tilegpu.turn
// CHECK: scf.yield
// CHECK: "test.epilogue"
// CHECK-NEXT: tilegpu.turn_wait {warpgroup = 0 : i64}
// CHECK-NEXT: }
// CHECK-NEXT: return
// ALL-LABEL: func.func @turns
// ALL: tilegpu.turn_pass {warpgroup = 1 : i64}
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

// -----

// A layout conversion (or a reduction) may synchronize the consumers, so it
// ends a turn: the dot after it takes a turn of its own. A kernel that
// does not ask for ping-pong keeps its dots as they are (but not with all).
// CHECK-LABEL: func.func @split_turns
// CHECK: tilegpu.turn_wait
// CHECK-NEXT: tile.dot
// CHECK-NEXT: tilegpu.turn_pass
// CHECK-NEXT: tilegpu.convert_layout
// CHECK-NEXT: tilegpu.turn_wait
// CHECK-NEXT: tile.dot
// CHECK-NEXT: tilegpu.turn_pass
// CHECK-LABEL: func.func @not_asked
// CHECK-NOT: tilegpu.turn
// CHECK: return
// ALL-LABEL: func.func @not_asked
// ALL: tilegpu.turn_pass {warpgroup = 2 : i64}
// ALL: tilegpu.turn_wait
// ALL-NEXT: tile.dot
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

// -----

// Asked for the split but not split (no TMA pipeline on the target):
// nothing to take turns on; the kernel runs as written.
// CHECK-LABEL: func.func @plain
// CHECK-NOT: tilegpu.turn
// CHECK: return
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

// -----

// A dot in a branch of the program (tilegpu-pipeline's last P·V, issued
// when the rotation ran an iteration): the condition is the same for every
// consumer warpgroup, so they take that turn, inside the branch, alike.
// CHECK-LABEL: func.func @branch
// CHECK: scf.if
// CHECK-NEXT: tilegpu.turn_wait
// CHECK-NEXT: %[[D:.*]] = tile.dot %{{.*}} {tilegpu.async}
// CHECK-NEXT: tilegpu.turn_pass
// CHECK-NEXT: tilegpu.dot_wait %[[D]]
// CHECK: } else {
// CHECK-NOT: tilegpu.turn
// CHECK: }
// CHECK: tilegpu.turn_wait {warpgroup = 0 : i64}
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
