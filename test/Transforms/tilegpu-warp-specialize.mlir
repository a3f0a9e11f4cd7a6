// RUN: tessera-opt %s -allow-unregistered-dialect -tilegpu-pipeline | FileCheck %s --check-prefix=PIPE --enable-var-scope
// RUN: tessera-opt %s -allow-unregistered-dialect -tilegpu-pipeline -tilegpu-warp-specialize | FileCheck %s --enable-var-scope
// RUN: tessera-opt %s -allow-unregistered-dialect -tilegpu-pipeline -tilegpu-warp-specialize -tessera-attach-target -tilegpu-allocate-shared -tilegpu-test-print-allocation 2>&1 | FileCheck %s --check-prefix=ALLOC
// RUN: tessera-opt %s -allow-unregistered-dialect -tilegpu-pipeline -tilegpu-warp-specialize=ctas-per-sm=2 | FileCheck %s --check-prefix=TWO
// RUN: not tessera-opt %s -allow-unregistered-dialect -tilegpu-pipeline -tilegpu-warp-specialize=ctas-per-sm=5 2>&1 | FileCheck %s --check-prefix=CTAS

// With two CTAs an SM the consumers' share is half the register file:
// (32768 - 128 * 24) / 256 = 116, 112 after rounding to 8.
// TWO-LABEL: func.func @attention
// TWO: tilegpu.warp_specialize {consumer_registers = 112 : i64, producer_registers = 24 : i64, producer_warps = 4 : i64}
// CTAS: error: expected ctas-per-sm in [1, 4], got 5

// A kernel that asks for warp specialization: the pipeliner splits the TMA
// loop into a producer loop (acquire the stage, copy into it, as far ahead
// as the ring allows) and the consumers' loop (wait for the stage at the
// tile's first use, release it at the end of the iteration); no CTA barrier
// is left in either.
// PIPE-LABEL: func.func @attention
// PIPE: tilegpu.ring_init {arrivals = 8 : i64, buffer = 0 : i64, stages = 2 : i64}
// PIPE: tilegpu.ring_init {arrivals = 8 : i64, buffer = 1 : i64, stages = 2 : i64}
// PIPE: scf.for %[[PI:.*]] = %{{.*}} to %[[N:.*]] step
// PIPE: %[[PK:.*]] = arith.divsi
// PIPE: %[[PS:.*]] = arith.remsi %[[PK]], %c2_i32
// PIPE: %[[PASS:.*]] = arith.divsi %[[PK]], %c2_i32
// PIPE: %[[NEXT:.*]] = arith.addi %[[PASS]], %c1_i32
// PIPE: %[[PH:.*]] = arith.remsi %[[NEXT]], %c2_i32
// PIPE: tilegpu.stage_acquire stage %[[PS]] phase %[[PH]] {buffer = 0 : i64}
// PIPE: tilegpu.async_load %{{.*}}[%[[PI]], %{{.*}}] stage %[[PS]] if %true {buffer = 0 : i64, tilegpu.stages = 2 : i64, tilegpu.tma}
// PIPE: tilegpu.stage_acquire stage %{{.*}} {buffer = 1 : i64}
// PIPE: tilegpu.async_load {{.*}} {buffer = 1 : i64, tilegpu.stages = 2 : i64, tilegpu.tma}
// PIPE-NOT: async_commit
// PIPE: } {tilegpu.producer}
// PIPE-NOT: tilegpu.async_load
// PIPE: scf.for
// PIPE-NOT: tilegpu.async_wait
// PIPE: tilegpu.stage_wait stage %[[S:.*]] phase %{{.*}} {buffer = 0 : i64}
// PIPE: "test.use"
// PIPE: tilegpu.stage_wait stage %[[S]] phase %{{.*}} {buffer = 1 : i64}
// PIPE: "test.use"
// PIPE: tilegpu.stage_release stage %[[S]] {buffer = 0 : i64}
// PIPE-NEXT: tilegpu.stage_release stage %[[S]] {buffer = 1 : i64}
// PIPE-NEXT: }
// PIPE-NEXT: tilegpu.async_wait 0
// PIPE-NEXT: tilegpu.ring_inval {buffer = 0 : i64, empty, stages = 2 : i64}

// The split: ring_inits first (every thread), the producer loop with the
// bound it reads (recomputed from the grid), the rest for the consumers.
// CHECK-LABEL: func.func @attention
// CHECK-NEXT: tilegpu.ring_init {arrivals = 8 : i64, buffer = 0 : i64, stages = 2 : i64}
// CHECK-NEXT: tilegpu.ring_init {arrivals = 8 : i64, buffer = 1 : i64, stages = 2 : i64}
// CHECK-NEXT: tilegpu.warp_specialize {consumer_registers = 240 : i64, producer_registers = 24 : i64, producer_warps = 4 : i64} producer {
// CHECK: tile.program_id 0
// CHECK: arith.muli
// CHECK: scf.for
// CHECK: tilegpu.stage_acquire
// CHECK: } {tilegpu.producer}
// CHECK-NEXT: } consumer {
// CHECK: tile.program_id 0
// CHECK-NOT: tilegpu.producer
// CHECK: tilegpu.stage_release
// CHECK: tilegpu.ring_inval
// CHECK: "test.after"
// CHECK-NEXT: }
// CHECK-NEXT: return

// Both rings live through the whole warp_specialize (the producer fills
// them while the consumers read): neither shares space with the buffer of
// the tile the consumers load after the loop. 16 bytes a stage of
// barriers: full, then empty.
// ALLOC-LABEL: allocation of @attention
// ALLOC-NEXT: buffer offset=0 size=16384 stages=2 barriers=40960
// ALLOC-NEXT: buffer offset=16384 size=16384 stages=2 barriers=40992
// ALLOC-NEXT: buffer offset=32768 size=8192 stages=1
// ALLOC-NEXT: total=41024
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
func.func @attention(%k: !tile.view<f16, 2> {tile.role = "input"}, %v: !tile.view<f16, 2> {tile.role = "input"}, %o: !tile.view<f16, 2> {tile.role = "input"}, %n: i32)
    attributes {tile.kernel, tile.num_warps = 8 : i32, tile.num_stages = 2 : i32, tile.warp_specialize = true} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %pid = tile.program_id 0
  %end = arith.muli %pid, %n : i32
  scf.for %i = %c0 to %end step %c64 : i32 {
    %kt = tile.load %k[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    %vt = tile.load %v[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    "test.use"(%kt) : (tensor<64x64xf16, #shared>) -> ()
    "test.use"(%vt) : (tensor<64x64xf16, #shared>) -> ()
  }
  %ot = tile.load %o[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
  "test.after"(%ot) : (tensor<64x64xf16, #shared>) -> ()
  return
}

// A kernel with a cp.async load in a pipelined loop is not warp-specialized:
// it keeps the pipeline every thread runs.
// CHECK-LABEL: func.func @mixed
// CHECK-NOT: tilegpu.producer
// CHECK-NOT: tilegpu.warp_specialize
// CHECK: tilegpu.ring_init {buffer = 0 : i64, stages = 2 : i64}
// CHECK: tilegpu.async_wait 0
func.func @mixed(%k: !tile.view<f16, 2> {tile.role = "input"}, %v: !tile.view<f16, 2> {tile.role = "input"}, %n: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32, tile.warp_specialize = true} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  scf.for %i = %c0 to %n step %c64 : i32 {
    %kt = tile.load %k[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    %vt = tile.load %v[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    "test.use"(%kt) : (tensor<64x64xf16, #shared>) -> ()
    "test.use"(%vt) : (tensor<64x64xf16, #shared>) -> ()
  }
  return
}


// Two loops share K's ring: one ring_init for it, the second loop's
// iterations on it count on from the first's trip count
// (max(0, ceil((n - 0) / 64))) in the producer and in the consumers, and the
// rings are retired once, after the last loop, behind the only drain: the
// consumers' loops need none (their stages are waited for on the rings'
// barriers), and a barrier between the loops would hold each consumer
// warpgroup until the others end the first. V's ring, new in the second
// loop, counts from 0.
// CHECK-LABEL: func.func @two_loops
// CHECK: tilegpu.ring_init {arrivals = 8 : i64, buffer = 0 : i64, stages = 2 : i64}
// CHECK-NEXT: tilegpu.ring_init {arrivals = 8 : i64, buffer = 1 : i64, stages = 2 : i64}
// CHECK-NEXT: tilegpu.warp_specialize
// CHECK: scf.for
// CHECK: tilegpu.stage_acquire {{.*}} {buffer = 0 : i64}
// CHECK: } {tilegpu.producer}
// CHECK: %[[SPAN:.*]] = arith.maxsi
// CHECK-NEXT: %[[TRIPS:.*]] = arith.ceildivsi %[[SPAN]]
// CHECK: scf.for
// CHECK: %[[LOCAL:.*]] = arith.divsi %{{.*}}, %c64_i32
// CHECK: %[[K:.*]] = arith.addi %[[TRIPS]], %[[LOCAL]]
// CHECK: %[[KS:.*]] = arith.remsi %[[K]]
// CHECK: tilegpu.stage_acquire stage %[[KS]] {{.*}} {buffer = 0 : i64}
// CHECK: %[[VS:.*]] = arith.remsi %[[LOCAL]]
// CHECK: tilegpu.stage_acquire stage %[[VS]] {{.*}} {buffer = 1 : i64}
// CHECK: } {tilegpu.producer}
// CHECK: consumer {
// CHECK: "test.use"
// CHECK-NOT: tilegpu.async_wait
// CHECK-NOT: tilegpu.ring_inval
// CHECK: "test.masked"
// CHECK-NEXT: tilegpu.stage_release stage %{{.*}} {buffer = 0 : i64}
// CHECK-NEXT: tilegpu.stage_release stage %{{.*}} {buffer = 1 : i64}
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: tilegpu.async_wait 0
// CHECK-NEXT: tilegpu.ring_inval {buffer = 0 : i64, empty, stages = 2 : i64}
// CHECK-NEXT: tilegpu.ring_inval {buffer = 1 : i64, empty, stages = 2 : i64}
func.func @two_loops(%k: !tile.view<f16, 2> {tile.role = "input"}, %v: !tile.view<f16, 2> {tile.role = "input"}, %n: i32, %m: i32)
    attributes {tile.kernel, tile.num_warps = 8 : i32, tile.num_stages = 2 : i32, tile.warp_specialize = true} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  scf.for %i = %c0 to %n step %c64 : i32 {
    %kt = tile.load %k[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    "test.use"(%kt) : (tensor<64x64xf16, #shared>) -> ()
  }
  scf.for %i = %n to %m step %c64 : i32 {
    %kt = tile.load %k[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    %vt = tile.load %v[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    "test.masked"(%kt, %vt) : (tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared>) -> ()
  }
  return
}

// A register load prefetched into the next iteration
// (tile.prefetch_registers) replaces the consumers' loop after its rings
// are planned: they are still retired after it, behind the drain.
// PIPE-LABEL: func.func @prefetched
// PIPE: } {tilegpu.producer}
// PIPE: %[[FIRST:.*]] = tile.load %arg1[%c0_i32]
// PIPE: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %[[FIRST]])
// PIPE-NOT: tilegpu.async_wait
// PIPE: scf.yield
// PIPE-NEXT: }
// PIPE-NEXT: tilegpu.async_wait 0
// PIPE-NEXT: tilegpu.ring_inval {buffer = 0 : i64, empty, stages = 2 : i64}
// PIPE-NEXT: return
#lse = #tilegpu.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]>
func.func @prefetched(%k: !tile.view<f16, 2> {tile.role = "input"}, %lse: !tile.view<f32, 1> {tile.role = "input"}, %n: i32)
    attributes {tile.kernel, tile.num_warps = 8 : i32, tile.num_stages = 2 : i32, tile.warp_specialize = true, tile.prefetch_registers = true} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  scf.for %i = %c0 to %n step %c64 : i32 {
    %kt = tile.load %k[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    %l = tile.load %lse[%i] : !tile.view<f32, 1> -> tensor<64xf32, #lse>
    "test.use"(%kt, %l) : (tensor<64x64xf16, #shared>, tensor<64xf32, #lse>) -> ()
  }
  return
}
