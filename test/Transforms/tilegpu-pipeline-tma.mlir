// RUN: tessera-opt %s -allow-unregistered-dialect -tilegpu-pipeline | FileCheck %s --enable-var-scope
// RUN: tessera-opt %s -allow-unregistered-dialect -tilegpu-pipeline -tessera-attach-target -tilegpu-allocate-shared -tilegpu-test-print-allocation 2>&1 | FileCheck %s --check-prefix=ALLOC

// Loads tilegpu-select-copies gave to TMA: each ring's mbarriers are made
// ready before the prologue and retired after the drain; every thread waits
// for a stage where its tile is first read (V after the work on K), in the
// phase of the iteration's pass over the ring, (k / stages) % 2.
// CHECK-LABEL: func.func @tma
// CHECK: tilegpu.ring_init {buffer = 0 : i64, stages = 2 : i64}
// CHECK: tilegpu.ring_init {buffer = 1 : i64, stages = 2 : i64}
// CHECK: tilegpu.async_load {{.*}} {buffer = 0 : i64, tilegpu.stages = 2 : i64, tilegpu.tma}
// CHECK: tilegpu.async_load {{.*}} {buffer = 1 : i64, tilegpu.stages = 2 : i64, tilegpu.tma}
// CHECK: scf.for
// CHECK: %[[K:.*]] = arith.divsi
// CHECK: %[[S:.*]] = arith.remsi %[[K]], %c2_i32
// CHECK: tilegpu.async_wait 0
// CHECK: tilegpu.async_load {{.*}} {buffer = 0 : i64, tilegpu.stages = 2 : i64, tilegpu.tma}
// CHECK: tilegpu.async_load {{.*}} {buffer = 1 : i64, tilegpu.stages = 2 : i64, tilegpu.tma}
// CHECK: %[[KT:.*]] = tilegpu.stage_view stage %[[S]] {buffer = 0 : i64
// CHECK: %[[VT:.*]] = tilegpu.stage_view stage %[[S]] {buffer = 1 : i64
// CHECK: %[[PASS:.*]] = arith.divsi %[[K]], %c2_i32
// CHECK: %[[PHASE:.*]] = arith.remsi %[[PASS]], %c2_i32
// CHECK: tilegpu.stage_wait stage %[[S]] phase %[[PHASE]] {buffer = 0 : i64}
// CHECK-NEXT: tile.trans %[[KT]]
// CHECK: "test.use"
// CHECK: tilegpu.stage_wait stage %[[S]] phase %{{.*}} {buffer = 1 : i64}
// CHECK-NEXT: "test.use"(%[[VT]])
// CHECK: }
// CHECK-NEXT: tilegpu.async_wait 0
// CHECK-NEXT: tilegpu.ring_inval {buffer = 0 : i64, stages = 2 : i64}
// CHECK-NEXT: tilegpu.ring_inval {buffer = 1 : i64, stages = 2 : i64}

// The barriers (8 bytes a stage) follow all the tiles, never shared.
// ALLOC: buffer offset=0 size=16384 stages=2 barriers=32768
// ALLOC: buffer offset=16384 size=16384 stages=2 barriers=32784
// ALLOC: total=32800
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
func.func @tma(%k: !tile.view<f16, 2> {tile.role = "input"}, %v: !tile.view<f16, 2> {tile.role = "input"}, %n: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  scf.for %i = %c0 to %n step %c64 : i32 {
    %kt = tile.load %k[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    %vt = tile.load %v[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    %a = tile.trans %kt : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #tilegpu.shared<transposed = true, swizzle = 128>>
    "test.use"(%a) : (tensor<64x64xf16, #tilegpu.shared<transposed = true, swizzle = 128>>) -> ()
    "test.use"(%vt) : (tensor<64x64xf16, #shared>) -> ()
  }
  return
}
