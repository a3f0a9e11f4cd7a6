// RUN: tessera-opt %s -split-input-file -allow-unregistered-dialect -tilegpu-pipeline | FileCheck %s --check-prefix=PIPE --enable-var-scope
// RUN: tessera-opt %s -split-input-file -allow-unregistered-dialect -tilegpu-pipeline -tilegpu-warp-specialize | FileCheck %s --enable-var-scope

// A warp-specialized persistent kernel's program tile (%q, marked by
// tilegpu-select-copies) is the producer's: a ring of one stage (buffer 0,
// made ready before the loop of programs and retired after it with the
// loop's ring), filled by a producer loop of one iteration for the CTA's
// n-th program (n = (t - first) / step), acquired in phase (n + 1) % 2. The
// consumers wait for it (phase n % 2) before its first reader, the K loop,
// and release it after its last: the async dot after the loop reads it until
// its dot_wait, past "test.between".
// PIPE-LABEL: func.func @programs
// PIPE: tilegpu.ring_init {arrivals = 8 : i64, buffer = 0 : i64, stages = 1 : i64}
// PIPE: tilegpu.ring_init {arrivals = 8 : i64, buffer = 1 : i64, stages = 2 : i64}
// PIPE: scf.for %[[T:.*]] = %[[FIRST:.*]] to %{{.*}} step %[[STEP:.*]] iter_args
// PIPE: %[[SPAN:.*]] = arith.subi %[[T]], %[[FIRST]] : i32
// PIPE: %[[N:.*]] = arith.divsi %[[SPAN]], %[[STEP]] : i32
// PIPE: %[[PASS:.*]] = arith.divsi %[[N]], %[[ONE:.*]] : i32
// PIPE: %[[STAGE:.*]] = arith.remsi %[[N]], %[[ONE]] : i32
// PIPE: %[[FILLED:.*]] = arith.remsi %[[PASS]], %[[TWO:.*]] : i32
// PIPE: %[[NEXT:.*]] = arith.addi %[[PASS]]
// PIPE: %[[RELEASED:.*]] = arith.remsi %[[NEXT]], %[[TWO]] : i32
// PIPE: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// PIPE-NEXT: tilegpu.stage_acquire stage %[[STAGE]] phase %[[RELEASED]] {buffer = 0 : i64}
// PIPE-NEXT: tilegpu.async_load %arg0[%[[T]], %{{.*}}] stage %[[STAGE]] if %{{.*}} {buffer = 0 : i64, tilegpu.stages = 1 : i64, tilegpu.tma} : !tile.view<f16, 2> -> tensor<128x64xf16, #shared>
// PIPE-NEXT: } {tilegpu.producer}
// PIPE-NEXT: %[[Q:.*]] = tilegpu.stage_view stage %[[STAGE]] {buffer = 0 : i64, tilegpu.stages = 1 : i64}
// PIPE: tilegpu.stage_wait stage %[[STAGE]] phase %[[FILLED]] {buffer = 0 : i64}
// PIPE: } {tilegpu.producer}
// PIPE-NEXT: scf.for
// PIPE: tile.dot %[[Q]]
// PIPE: tilegpu.stage_release {{.*}} {buffer = 1 : i64}
// PIPE: tilegpu.async_wait 0
// PIPE-NEXT: "test.k"
// PIPE-NEXT: %[[LAST:.*]] = tile.dot %[[Q]]
// PIPE-NEXT: "test.between"
// PIPE-NEXT: tilegpu.dot_wait %[[LAST]]
// PIPE-NEXT: tilegpu.stage_release stage %[[STAGE]] {buffer = 0 : i64}
// PIPE-NEXT: "test.epilogue"
// PIPE: } {tilegpu.persistent}
// PIPE-NEXT: tilegpu.ring_inval {buffer = 0 : i64, empty, stages = 1 : i64}
// PIPE-NEXT: tilegpu.ring_inval {buffer = 1 : i64, empty, stages = 2 : i64}

// The split: the producer's loop of programs copies Q, then K; the
// consumers keep the wait and the release.
// CHECK-LABEL: func.func @programs
// CHECK: tilegpu.warp_specialize
// CHECK: scf.for
// CHECK: scf.for
// CHECK-NEXT: tilegpu.stage_acquire
// CHECK-NEXT: tilegpu.async_load %arg0
// CHECK-NEXT: } {tilegpu.producer}
// CHECK: scf.for
// CHECK: tilegpu.async_load %arg1
// CHECK: } {tilegpu.producer}
// CHECK: } {tilegpu.persistent}
// CHECK-NEXT: } consumer {
// CHECK-NOT: tilegpu.async_load
// CHECK: tilegpu.stage_wait {{.*}} {buffer = 0 : i64}
// CHECK: tilegpu.stage_release {{.*}} {buffer = 0 : i64}
// CHECK: } {tilegpu.persistent}
#mma = #tilegpu.mma<warpsM = 8, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
func.func @programs(%q: !tile.view<f16, 2> {tile.role = "input"}, %k: !tile.view<f16, 2> {tile.role = "input"}, %n: i32, %total: i32)
    attributes {tile.kernel, tile.num_warps = 8 : i32, tile.num_stages = 2 : i32, tile.warp_specialize = true, tilegpu.persistent} {
  %first = tile.program_id 0
  %step = tile.num_programs 0
  scf.for %t = %first to %total step %step : i32 {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %qt = tile.load %q[%t, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<128x64xf16, #shared>
    %init = "test.acc"() : () -> tensor<128x64xf32, #mma>
    %acc = scf.for %i = %c0 to %n step %c64 iter_args(%o = %init) -> (tensor<128x64xf32, #mma>) : i32 {
      %kt = tile.load %k[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
      %s = tile.dot %qt, %kt, %o {tilegpu.async} : tensor<128x64xf16, #shared>, tensor<64x64xf16, #shared> -> tensor<128x64xf32, #mma>
      %w = tilegpu.dot_wait %s {pendings = 0 : i32} : tensor<128x64xf32, #mma>
      scf.yield %w : tensor<128x64xf32, #mma>
    }
    %kt = "test.k"() : () -> tensor<64x64xf16, #shared>
    %last = tile.dot %qt, %kt, %acc {tilegpu.async} : tensor<128x64xf16, #shared>, tensor<64x64xf16, #shared> -> tensor<128x64xf32, #mma>
    "test.between"() : () -> ()
    %done = tilegpu.dot_wait %last {pendings = 0 : i32} : tensor<128x64xf32, #mma>
    "test.epilogue"(%done) : (tensor<128x64xf32, #mma>) -> ()
  } {tilegpu.persistent}
  return
}

// -----

// Not persistent: one program a CTA (n = 0). A program tile nothing reads
// is still waited for and released, at once. Without warp specialization
// (@unspecialized) the program tile stays a tile.load and loses its
// tilegpu.tma: every thread copies it.
// PIPE-LABEL: func.func @one_program
// PIPE: %[[ZERO:.*]] = arith.constant 0 : i32
// PIPE: tilegpu.ring_init {arrivals = 4 : i64, buffer = 0 : i64, stages = 1 : i64}
// PIPE-NEXT: scf.for
// PIPE-NEXT: tilegpu.stage_acquire
// PIPE-NEXT: tilegpu.async_load %arg0
// PIPE-NEXT: } {tilegpu.producer}
// PIPE-NEXT: tilegpu.stage_view
// PIPE-NEXT: tilegpu.stage_wait
// PIPE-NEXT: tilegpu.stage_release
// PIPE-LABEL: func.func @unspecialized
// PIPE: tile.load %arg0[%{{.*}}, %{{.*}}] : !tile.view<f16, 2>
// PIPE-NOT: tilegpu.stages = 1
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
func.func @one_program(%q: !tile.view<f16, 2> {tile.role = "input"}, %k: !tile.view<f16, 2> {tile.role = "input"}, %n: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32, tile.warp_specialize = true} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %qt = tile.load %q[%c0, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
  scf.for %i = %c0 to %n step %c64 : i32 {
    %kt = tile.load %k[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    "test.use"(%kt) : (tensor<64x64xf16, #shared>) -> ()
  }
  return
}
func.func @unspecialized(%q: !tile.view<f16, 2> {tile.role = "input"}, %k: !tile.view<f16, 2> {tile.role = "input"}, %n: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %qt = tile.load %q[%c0, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
  scf.for %i = %c0 to %n step %c64 : i32 {
    %kt = tile.load %k[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    "test.use"(%qt, %kt) : (tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared>) -> ()
  }
  return
}
