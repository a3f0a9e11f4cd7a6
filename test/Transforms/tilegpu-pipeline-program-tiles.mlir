// RUN: tessera-opt %s -split-input-file -allow-unregistered-dialect -tessera-attach-target -tilegpu-pipeline | FileCheck %s --check-prefix=PIPE --enable-var-scope
// RUN: tessera-opt %s -split-input-file -allow-unregistered-dialect -tessera-attach-target -tilegpu-pipeline -tilegpu-warp-specialize | FileCheck %s --enable-var-scope
// RUN: tessera-opt %s -split-input-file -allow-unregistered-dialect -tessera-attach-target -tilegpu-pipeline -tilegpu-warp-specialize -tilegpu-allocate-shared -tilegpu-test-print-allocation 2>&1 | FileCheck %s --check-prefix=ALLOC
// RUN: tessera-opt %s -split-input-file -allow-unregistered-dialect -tessera-attach-target -tilegpu-pipeline=ctas-per-sm=2 | FileCheck %s --check-prefix=CTAS --enable-var-scope
// Without a target the pipeliner cannot tell whether the ring fits.
// RUN: not tessera-opt %s -split-input-file -allow-unregistered-dialect -tilegpu-pipeline 2>&1 | FileCheck %s --check-prefix=NOTARGET
// NOTARGET: error: expected the module to name its target

// A warp-specialized persistent kernel's program tile (%q, marked by
// tilegpu-select-copies) is the producer's: a ring of two stages (buffer 1,
// made ready before the loop of programs and retired after it, next to K's
// ring), filled by a producer loop of one iteration for the CTA's n-th
// program (n = (t - first) / step: stage n % 2, acquired in phase
// (n / 2 + 1) % 2). The consumers wait for it (phase (n / 2) % 2) before its
// first reader, the K loop, and release it after its last: the async dot
// after the loop reads it until its dot_wait, past "test.between". Both
// rings are retired after the loop of programs, behind its one drain.
// PIPE-LABEL: func.func @programs
// PIPE: tilegpu.ring_init {arrivals = 8 : i64, buffer = 0 : i64, stages = 2 : i64}
// PIPE: tilegpu.ring_init {arrivals = 8 : i64, buffer = 1 : i64, stages = 2 : i64}
// PIPE-NEXT: scf.for %[[T:.*]] = %[[FIRST:.*]] to %{{.*}} step %[[STEP:.*]] iter_args
// PIPE: %[[SPAN:.*]] = arith.subi %[[T]], %[[FIRST]] : i32
// PIPE: %[[N:.*]] = arith.divsi %[[SPAN]], %[[STEP]] : i32
// PIPE: %[[RING:.*]] = arith.constant 2 : i32
// PIPE: %[[PASS:.*]] = arith.divsi %[[N]], %[[RING]] : i32
// PIPE: %[[STAGE:.*]] = arith.remsi %[[N]], %[[RING]] : i32
// PIPE: %[[TWO:.*]] = arith.constant 2 : i32
// PIPE: %[[FILLED:.*]] = arith.remsi %[[PASS]], %[[TWO]] : i32
// PIPE: %[[NEXT:.*]] = arith.addi %[[PASS]]
// PIPE: %[[RELEASED:.*]] = arith.remsi %[[NEXT]], %[[TWO]] : i32
// PIPE: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// PIPE-NEXT: tilegpu.stage_acquire stage %[[STAGE]] phase %[[RELEASED]] {buffer = 1 : i64}
// PIPE-NEXT: tilegpu.async_load %arg0[%[[T]], %{{.*}}] stage %[[STAGE]] if %{{.*}} {buffer = 1 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 2> -> tensor<128x64xf16, #shared>
// PIPE-NEXT: } {tilegpu.producer}
// PIPE-NEXT: %[[Q:.*]] = tilegpu.stage_view stage %[[STAGE]] {buffer = 1 : i64, tilegpu.stages = 2 : i64}
// PIPE: } {tilegpu.producer}
// PIPE-NEXT: tilegpu.stage_wait stage %[[STAGE]] phase %[[FILLED]] {buffer = 1 : i64}
// PIPE-NEXT: scf.for
// PIPE: tile.dot %[[Q]]
// PIPE: tilegpu.stage_release {{.*}} {buffer = 0 : i64}
// PIPE-NOT: tilegpu.async_wait
// PIPE: "test.k"
// PIPE-NEXT: %[[LAST:.*]] = tile.dot %[[Q]]
// PIPE-NEXT: "test.between"
// PIPE-NEXT: tilegpu.dot_wait %[[LAST]]
// PIPE-NEXT: tilegpu.stage_release stage %[[STAGE]] {buffer = 1 : i64}
// PIPE-NEXT: "test.epilogue"
// PIPE: } {tilegpu.persistent}
// PIPE-NEXT: tilegpu.async_wait 0
// PIPE-DAG: tilegpu.ring_inval {buffer = 0 : i64, empty, stages = 2 : i64}
// PIPE-DAG: tilegpu.ring_inval {buffer = 1 : i64, empty, stages = 2 : i64}
// PIPE: return

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
// CHECK: tilegpu.stage_wait {{.*}} {buffer = 1 : i64}
// CHECK: tilegpu.stage_release {{.*}} {buffer = 1 : i64}
// CHECK: } {tilegpu.persistent}

// Q's two stages (16 KB each) and K's ring, each live across the loop of
// programs, then both rings' full and empty barriers.
// ALLOC-LABEL: allocation of @programs
// ALLOC-NEXT: buffer offset=0 size=32768 stages=2 barriers={{.*}} tensor<128x64xf16
// ALLOC-NEXT: buffer offset=32768 size=16384 stages=2 barriers={{.*}} tensor<64x64xf16
// ALLOC-NEXT: total=49216
#mma = #tilegpu.mma<warpsM = 8, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
func.func @programs(%q: !tile.view<f16, 2> {tile.role = "input"}, %k: !tile.view<f16, 2> {tile.role = "input"}, %n: i32, %total: i32)
    attributes {tile.kernel, tile.num_warps = 8 : i32, tile.num_stages = 2 : i32, tile.warp_specialize = true} {
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

// Where the second stage would not fit the chip's shared memory (two 96 KB
// stages of Q next to K's 64 KB ring, over sm_90a's 227 KB), the program
// tile stays a tile.load by every consumer thread and loses tilegpu.tma;
// so it does in a persistent kernel whose loops are not warp-specialized
// (@unspecialized), where no producer would copy it.
// PIPE-LABEL: func.func @over_budget
// PIPE: tile.load %arg0[%{{.*}}, %{{.*}}] : !tile.view<f16, 2> -> tensor<192x256xf16, #shared>
// PIPE-NOT: tilegpu.tma
// PIPE: scf.for
// PIPE: tilegpu.async_load %arg1{{.*}} tilegpu.tma
// PIPE-LABEL: func.func @unspecialized
// PIPE: tile.load %arg0[%{{.*}}, %{{.*}}] : !tile.view<f16, 2> -> tensor<128x64xf16, #shared>
// PIPE-NOT: tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 2> -> tensor<128x64xf16
// ALLOC-LABEL: allocation of @over_budget
// ALLOC: size=98304 stages=1 live
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
func.func @over_budget(%q: !tile.view<f16, 2> {tile.role = "input"}, %k: !tile.view<f16, 2> {tile.role = "input"}, %n: i32, %total: i32)
    attributes {tile.kernel, tile.num_warps = 8 : i32, tile.num_stages = 2 : i32, tile.warp_specialize = true} {
  %first = tile.program_id 0
  %step = tile.num_programs 0
  scf.for %t = %first to %total step %step : i32 {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %qt = tile.load %q[%t, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<192x256xf16, #shared>
    scf.for %i = %c0 to %n step %c64 : i32 {
      %kt = tile.load %k[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x256xf16, #shared>
      "test.use"(%qt, %kt) : (tensor<192x256xf16, #shared>, tensor<64x256xf16, #shared>) -> ()
    }
  } {tilegpu.persistent}
  return
}
func.func @unspecialized(%q: !tile.view<f16, 2> {tile.role = "input"}, %k: !tile.view<f16, 2> {tile.role = "input"}, %n: i32, %total: i32)
    attributes {tile.kernel, tile.num_warps = 8 : i32, tile.num_stages = 2 : i32} {
  %first = tile.program_id 0
  %step = tile.num_programs 0
  scf.for %t = %first to %total step %step : i32 {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %qt = tile.load %q[%t, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<128x64xf16, #shared>
    scf.for %i = %c0 to %n step %c64 : i32 {
      %kt = tile.load %k[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
      "test.use"(%qt, %kt) : (tensor<128x64xf16, #shared>, tensor<64x64xf16, #shared>) -> ()
    }
  } {tilegpu.persistent}
  return
}

// -----

// The ring must leave an SM the CTAs it holds by shared memory, up to those
// the kernel is sized for (ctas-per-sm, tilegpu-warp-specialize's): Q's
// second stage takes the kernel from 96 KB (two CTAs an SM) to 128 KB (one).
// With one CTA an SM (the default) Q gets its ring; with two (CTAS) it stays
// a tile.load, while @programs above, 32 KB to 48 KB, keeps its ring.
// PIPE-LABEL: func.func @two_ctas
// PIPE: tilegpu.async_load %arg0{{.*}} {buffer = 1 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 2> -> tensor<128x128xf16
// CTAS-LABEL: func.func @programs
// CTAS: tilegpu.async_load %arg0{{.*}} {buffer = 1 : i64, tilegpu.stages = 2 : i64, tilegpu.tma}
// CTAS-LABEL: func.func @two_ctas
// CTAS: tile.load %arg0[%{{.*}}, %{{.*}}] : !tile.view<f16, 2> -> tensor<128x128xf16, #shared>
// CTAS-NOT: tilegpu.async_load %arg0
// ALLOC-LABEL: allocation of @two_ctas
// ALLOC: total=131136
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
func.func @two_ctas(%q: !tile.view<f16, 2> {tile.role = "input"}, %k: !tile.view<f16, 2> {tile.role = "input"}, %n: i32, %total: i32)
    attributes {tile.kernel, tile.num_warps = 8 : i32, tile.num_stages = 2 : i32, tile.warp_specialize = true} {
  %first = tile.program_id 0
  %step = tile.num_programs 0
  scf.for %t = %first to %total step %step : i32 {
    %c0 = arith.constant 0 : i32
    %c128 = arith.constant 128 : i32
    %qt = tile.load %q[%t, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<128x128xf16, #shared>
    scf.for %i = %c0 to %n step %c128 : i32 {
      %kt = tile.load %k[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<128x128xf16, #shared>
      "test.use"(%qt, %kt) : (tensor<128x128xf16, #shared>, tensor<128x128xf16, #shared>) -> ()
    }
  } {tilegpu.persistent}
  return
}

// -----

// A program tile at an index the producer could not compute (tilegpu-warp-
// specialize clones only scalar arithmetic, grid queries and scalar loads:
// not "test.index", whose effects are unknown) stays the consumers' load.
// PIPE-LABEL: func.func @unrepeatable_index
// PIPE: %[[ROW:.*]] = "test.index"
// PIPE: tile.load %arg0[%[[ROW]], %{{.*}}] : !tile.view<f16, 2> -> tensor<128x64xf16, #shared>
// PIPE-NOT: tilegpu.async_load %arg0
// CHECK-LABEL: func.func @unrepeatable_index
// CHECK: tilegpu.warp_specialize
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
func.func @unrepeatable_index(%q: !tile.view<f16, 2> {tile.role = "input"}, %k: !tile.view<f16, 2> {tile.role = "input"}, %n: i32, %total: i32)
    attributes {tile.kernel, tile.num_warps = 8 : i32, tile.num_stages = 2 : i32, tile.warp_specialize = true} {
  %first = tile.program_id 0
  %step = tile.num_programs 0
  scf.for %t = %first to %total step %step : i32 {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %row = "test.index"(%t) : (i32) -> i32
    %qt = tile.load %q[%row, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<128x64xf16, #shared>
    scf.for %i = %c0 to %n step %c64 : i32 {
      %kt = tile.load %k[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
      "test.use"(%qt, %kt) : (tensor<128x64xf16, #shared>, tensor<64x64xf16, #shared>) -> ()
    }
  } {tilegpu.persistent}
  return
}
