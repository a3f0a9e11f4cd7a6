// RUN: tessera-opt %s -tilegpu-assign-layouts -tessera-attach-target -tilegpu-schedule-dots=defer-dots=true | FileCheck %s --check-prefix=DEFER --enable-var-scope
// RUN: tessera-opt %s -tilegpu-assign-layouts -tessera-attach-target -tilegpu-schedule-dots=defer-dots=true -tilegpu-select-copies=tma=true -tilegpu-pipeline -tilegpu-warp-specialize -tilegpu-allocate-shared | FileCheck %s --check-prefix=RING --enable-var-scope
// RUN: not tessera-opt %s -tilegpu-assign-layouts -tessera-attach-target -tilegpu-schedule-dots=defer-dots=true -tilegpu-pipeline 2>&1 | FileCheck %s --check-prefix=CPASYNC

// The same loop in a warp-specialized kernel: V's ring a stage longer does
// not fit (272 KB), but there the producer copies into a stage only once
// the consumers release it, so V's ring may keep its two stages and be
// released after the deferred dot's wait (tilegpu.late_release): Q 32 KB,
// K and V 2 x 48 KB each, the first V the ring's first stage: 224 KB.
// The kernel asks for warp specialization, so tilegpu-schedule-dots tries
// the late release where the longer ring does not fit (the same loop without
// it: tilegpu-schedule-dots.mlir @over_budget, left as it is with a warning).
// DEFER-LABEL: func.func @over_budget_specialized
// DEFER: %[[V0:.*]] = tile.load {{.*}} {tilegpu.first_iteration}
// DEFER: scf.for {{.*}} iter_args({{.*}}%{{.*}} = %[[V0]])
// DEFER: tile.load %{{.*}}[%{{.*}}, %{{.*}}] {tilegpu.late_release, tilegpu.read_lag = 1 : i64} : !tile.view<f16, 2> -> tensor<96x256xf16, #shared>
// DEFER: tile.dot {{.*}} {tilegpu.async, tilegpu.rotated}
// The producer's V copies go into a ring of two stages, each copy after
// the consumers released that stage; each consumer iteration k releases
// V's stage of iteration k - 1 (the deferred dot's, waited for by then) and
// K's of its own: 224 KB and the rings' mbarriers (K at 0, V at 96 KB).
// RING-LABEL: func.func @over_budget_specialized
// RING-SAME: tilegpu.shared_bytes = 229440
// RING: tilegpu.ring_init {arrivals = 4 : i64, buffer = 1 : i64, stages = 2 : i64
// RING: tilegpu.stage_acquire stage %{{.*}} phase %{{.*}} {buffer = 1 : i64
// RING-NEXT: tilegpu.async_load %{{.*}} {buffer = 1 : i64, {{.*}}tilegpu.stages = 2 : i64, tilegpu.tma}
// RING: tilegpu.stage_release stage %{{.*}} {buffer = 0 : i64
// RING: %[[PREV:.*]] = arith.subi %[[K:.*]], %c1
// RING: %[[RELEASED:.*]] = arith.cmpi sge, %[[PREV]], %c0
// RING-NEXT: scf.if %[[RELEASED]] {
// RING: %[[STAGE:.*]] = arith.remsi %[[PREV]], %c2
// RING-NEXT: tilegpu.stage_release stage %[[STAGE]] {buffer = 1 : i64
// Without a producer (cp.async by every thread, no TMA here) the two-stage
// ring would be overwritten while the deferred dot reads it: an error.
// CPASYNC: error: expected a warp-specialized pipeline for a tile released late ('tilegpu.late_release'
func.func @over_budget_specialized(%q: !tile.view<f16, 2> {tile.role = "input"}, %k: !tile.view<f16, 2> {tile.role = "input"}, %v: !tile.view<f16, 2> {tile.role = "input"}, %o: !tile.view<f32, 2> {tile.role = "output"}, %n: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32, tile.warp_specialize = true} {
  %c0 = arith.constant 0 : i32
  %c96 = arith.constant 96 : i32
  %qt = tile.load %q[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x256xf16>
  %init = arith.constant dense<0.0> : tensor<64x256xf32>
  %r = scf.for %i = %c0 to %n step %c96 iter_args(%acc = %init) -> (tensor<64x256xf32>) : i32 {
    %kt = tile.load %k[%i, %c0] : !tile.view<f16, 2> -> tensor<96x256xf16>
    %vt = tile.load %v[%i, %c0] : !tile.view<f16, 2> -> tensor<96x256xf16>
    %ktt = tile.trans %kt : tensor<96x256xf16> -> tensor<256x96xf16>
    %z = arith.constant dense<0.0> : tensor<64x96xf32>
    %s = tile.dot %qt, %ktt, %z : tensor<64x256xf16>, tensor<256x96xf16> -> tensor<64x96xf32>
    %e = math.exp2 %s : tensor<64x96xf32>
    %half = arith.constant dense<0.5> : tensor<64x256xf32>
    %scaled = arith.mulf %acc, %half : tensor<64x256xf32>
    %p = arith.truncf %e : tensor<64x96xf32> to tensor<64x96xf16>
    %a = tile.dot %p, %vt, %scaled : tensor<64x96xf16>, tensor<96x256xf16> -> tensor<64x256xf32>
    scf.yield %a : tensor<64x256xf32>
  }
  tile.store %r, %o[%c0, %c0] : tensor<64x256xf32> -> !tile.view<f32, 2>
  return
}

