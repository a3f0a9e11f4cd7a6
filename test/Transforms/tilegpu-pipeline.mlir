// RUN: tessera-opt %s -tilegpu-assign-layouts -tilegpu-pipeline=num-stages=1 | FileCheck %s --check-prefix=S1
// RUN: tessera-opt %s -tilegpu-assign-layouts -tilegpu-pipeline=num-stages=2 | FileCheck %s --check-prefix=S2 --enable-var-scope
// RUN: tessera-opt %s -tilegpu-assign-layouts -tilegpu-pipeline=num-stages=3 | FileCheck %s --check-prefix=S3 --enable-var-scope
// RUN: tessera-opt %s -tilegpu-assign-layouts -tilegpu-pipeline -tessera-attach-target -tilegpu-allocate-shared | FileCheck %s --check-prefix=ALLOC

// The K/V loop of attention. Q is loaded once before the loop (never
// pipelined); K and V are loaded at the induction variable.

// One stage: the loop keeps its synchronous loads.
// S1-LABEL: func.func @kv_loop
// S1-NOT: tilegpu.async
// S1: scf.for
// S1: tile.load
// S1: tile.load

// Two stages: the prologue copies iteration 0 into stage 0; each iteration
// waits with no group pending, prefetches iteration k+1 into stage (k+1) % 2,
// and reads stage k % 2.
// S2-LABEL: func.func @kv_loop
// S2-SAME: (%[[K:[a-z0-9]+]]: !tile.view<f16, 2>, %[[V:[a-z0-9]+]]: !tile.view<f16, 2>
// S2: tile.load %{{.*}} -> tensor<64x64xf16, #shared>
// S2: %[[IV0:.*]] = arith.addi %[[LB:[^,]*]], %{{.*}} : i32
// S2: %[[S0:.*]] = arith.constant 0 : i32
// S2: %[[P0:.*]] = arith.cmpi slt, %[[IV0]], %[[UB:[^ ]*]] : i32
// S2: tilegpu.async_load %[[K]][%[[IV0]], %{{.*}}] stage %[[S0]] if %[[P0]] {buffer = 0 : i64, tilegpu.stages = 2 : i64}
// S2: tilegpu.async_load %[[V]][%[[IV0]], %{{.*}}] stage %[[S0]] if %[[P0]] {buffer = 1 : i64, tilegpu.stages = 2 : i64}
// S2-NEXT: tilegpu.async_commit
// S2-NOT: tilegpu.async_load
// S2: scf.for %[[IV:.*]] = %[[LB]] to %[[UB]] step %[[STEP:[^ ]*]]
// S2: %[[KK:.*]] = arith.divsi
// S2: %[[SLOT:.*]] = arith.remsi %[[KK]], %{{.*}} : i32
// S2-NEXT: tilegpu.async_wait 0
// S2: %[[NEXT:.*]] = arith.addi %[[IV]], %{{.*}} : i32
// S2: %[[NSLOT:.*]] = arith.remsi
// S2: tilegpu.async_load %[[K]][%[[NEXT]], %{{.*}}] stage %[[NSLOT]] if %{{.*}} {buffer = 0 : i64, tilegpu.stages = 2 : i64}
// S2: tilegpu.async_load %[[V]][%[[NEXT]], %{{.*}}] stage %[[NSLOT]] if %{{.*}} {buffer = 1 : i64, tilegpu.stages = 2 : i64}
// S2-NEXT: tilegpu.async_commit
// S2: tilegpu.stage_view stage %[[SLOT]] {buffer = 0 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
// S2: tilegpu.stage_view stage %[[SLOT]] {buffer = 1 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #shared>
// S2-NOT: tile.load
// S2: scf.yield
// S2-NEXT: }
// S2-NEXT: tilegpu.async_wait 0

// Three stages: iterations 0 and 1 in the prologue (two groups), one group
// may stay in flight at the wait, the prefetch runs two iterations ahead.
// S3-LABEL: func.func @kv_loop
// S3-COUNT-2: tilegpu.async_commit
// S3: scf.for
// S3: tilegpu.async_wait 1
// S3: %[[TWO:.*]] = arith.constant 2 : i32
// S3: arith.muli %{{.*}}, %[[TWO]] : i32
// S3: tilegpu.async_load {{.*}}tilegpu.stages = 3 : i64
// S3: tilegpu.async_commit
// S3: scf.yield
// S3-NEXT: }
// S3-NEXT: tilegpu.async_wait 0

// With the kernel's 2 stages each K and V buffer doubles: Q 8 KB + 2 x 2 x 8 KB,
// and every op of one pipelined load shares its buffer's offset.
// ALLOC: tilegpu.shared_bytes = 40960
// ALLOC: tile.load {{.*}}tilegpu.shared_offset = 0 : i64
// ALLOC: tilegpu.async_load {{.*}}buffer = 0 : i64, tilegpu.shared_offset = 8192 : i64
// ALLOC: tilegpu.async_load {{.*}}buffer = 1 : i64, tilegpu.shared_offset = 24576 : i64
// ALLOC: scf.for
// ALLOC: tilegpu.async_load {{.*}}buffer = 0 : i64, tilegpu.shared_offset = 8192 : i64
// ALLOC: tilegpu.stage_view {{.*}}buffer = 0 : i64, tilegpu.shared_offset = 8192 : i64
func.func @kv_loop(%k: !tile.view<f16, 2>, %v: !tile.view<f16, 2>, %o: !tile.view<f32, 2>, %n: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %q = tile.load %k[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %init = arith.constant dense<0.0> : tensor<64x64xf32>
  %r = scf.for %i = %c0 to %n step %c64 iter_args(%acc = %init) -> (tensor<64x64xf32>) : i32 {
    %kt = tile.load %k[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %vt = tile.load %v[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %ktt = tile.trans %kt : tensor<64x64xf16> -> tensor<64x64xf16>
    %z = arith.constant dense<0.0> : tensor<64x64xf32>
    %s = tile.dot %q, %ktt, %z : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    %p = arith.truncf %s : tensor<64x64xf32> to tensor<64x64xf16>
    %a = tile.dot %p, %vt, %acc : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    scf.yield %a : tensor<64x64xf32>
  }
  tile.store %r, %o[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  return
}
