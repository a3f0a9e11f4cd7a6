// RUN: tessera-opt %s -split-input-file -allow-unregistered-dialect -tilegpu-pipeline -verify-diagnostics | FileCheck %s --enable-var-scope

// A load whose tile is still read in the next iteration (tilegpu.read_lag,
// from tilegpu-schedule-dots) gets a ring one stage longer: the copy issued
// num_stages - 1 iterations ahead then lands in a stage nothing reads. The
// other load keeps num_stages; each ring has its own stage index.
// CHECK-LABEL: func.func @lagged
// CHECK: tilegpu.async_load {{.*}} {buffer = 0 : i64, tilegpu.stages = 2 : i64}
// CHECK: tilegpu.async_load {{.*}} {buffer = 1 : i64, tilegpu.stages = 3 : i64}
// CHECK: scf.for %[[IV:.*]] =
// CHECK: %[[K:.*]] = arith.divsi
// CHECK: %[[S2:.*]] = arith.remsi %[[K]], %c2_i32
// CHECK: %[[S3:.*]] = arith.remsi %[[K]], %c3_i32
// CHECK: tilegpu.async_wait 0
// CHECK: %[[AHEAD:.*]] = arith.addi %[[K]], %c1_i32
// CHECK: %[[N2:.*]] = arith.remsi %[[AHEAD]], %c2_i32
// CHECK: tilegpu.async_load {{.*}} stage %[[N2]] if {{.*}} {buffer = 0 : i64, tilegpu.stages = 2 : i64}
// CHECK: %[[N3:.*]] = arith.remsi %[[AHEAD]], %c3_i32
// CHECK: tilegpu.async_load {{.*}} stage %[[N3]] if {{.*}} {buffer = 1 : i64, tilegpu.stages = 3 : i64}
// CHECK: tilegpu.stage_view stage %[[S2]] {buffer = 0 : i64, tilegpu.stages = 2 : i64}
// CHECK: tilegpu.stage_view stage %[[S3]] {buffer = 1 : i64, tilegpu.stages = 3 : i64}
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
func.func @lagged(%k: !tile.view<f16, 2>, %v: !tile.view<f16, 2>, %n: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  scf.for %i = %c0 to %n step %c64 : i32 {
    %kt = tile.load %k[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    %vt = tile.load %v[%i, %c0] {tilegpu.read_lag = 1 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
  }
  return
}

// -----

// The ring with the extra stage may not exceed the deepest ring (8).
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
func.func @too_deep(%v: !tile.view<f16, 2>, %n: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 8 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  scf.for %i = %c0 to %n step %c64 : i32 {
    // expected-error @+1 {{expected at most 8 stages per ring, got 9 (num_stages 8 and one for a tile read in the next iteration)}}
    %vt = tile.load %v[%i, %c0] {tilegpu.read_lag = 1 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
  }
  return
}

// -----

// Warp-specialized, two loops: the lagged loads of one view share a ring of
// num_stages + 1 (buffer 1), as the unlagged ones share theirs (buffer 0);
// the second loop counts on from the first's trips. Each iteration releases
// the lagged stage of the iteration before it on the ring (k - 1, counted
// across the loops): the first iteration of the second loop releases the
// first loop's last stage, whose tile the deferred dot read after that loop.
// CHECK-LABEL: func.func @lagged_shared
// CHECK: tilegpu.ring_init {arrivals = 8 : i64, buffer = 0 : i64, stages = 2 : i64}
// CHECK: tilegpu.ring_init {arrivals = 8 : i64, buffer = 1 : i64, stages = 3 : i64}
// CHECK-NOT: tilegpu.ring_init
// CHECK: %[[TRIPS:.*]] = arith.ceildivsi
// CHECK: scf.for
// CHECK: } {tilegpu.producer}
// CHECK: scf.for
// CHECK: tilegpu.stage_release {{.*}} {buffer = 0 : i64}
// CHECK: %[[READ:.*]] = arith.subi %{{.*}}, %c1_i32
// CHECK: %[[LATE:.*]] = arith.cmpi sge, %[[READ]], %c0_i32{{.*}} : i32
// CHECK: scf.if %[[LATE]] {
// CHECK: arith.remsi %[[READ]], %c3_i32{{.*}} : i32
// CHECK: tilegpu.stage_release {{.*}} {buffer = 1 : i64}
// CHECK: "test.deferred"
// CHECK: scf.for
// CHECK: } {tilegpu.producer}
// CHECK: scf.for %[[IV:.*]] =
// CHECK: %[[LOCAL:.*]] = arith.divsi
// CHECK: %[[K:.*]] = arith.addi %[[TRIPS]], %[[LOCAL]] : i32
// CHECK: tilegpu.stage_view {{.*}} {buffer = 0 : i64, tilegpu.stages = 2 : i64}
// CHECK: tilegpu.stage_view {{.*}} {buffer = 1 : i64, tilegpu.stages = 3 : i64}
// CHECK: %[[READ2:.*]] = arith.subi %[[K]], %c1_i32
// CHECK: arith.cmpi sge, %[[READ2]], %c0_i32{{.*}} : i32
// CHECK: tilegpu.stage_release {{.*}} {buffer = 1 : i64}
// CHECK: tilegpu.ring_inval {buffer = 0 : i64, empty, stages = 2 : i64}
// CHECK: tilegpu.ring_inval {buffer = 1 : i64, empty, stages = 3 : i64}
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
func.func @lagged_shared(%k: !tile.view<f16, 2> {tile.role = "input"}, %v: !tile.view<f16, 2> {tile.role = "input"}, %n: i32, %m: i32)
    attributes {tile.kernel, tile.num_warps = 8 : i32, tile.num_stages = 2 : i32, tile.warp_specialize = true} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  scf.for %i = %c0 to %n step %c64 : i32 {
    %kt = tile.load %k[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    %vt = tile.load %v[%i, %c0] {tilegpu.read_lag = 1 : i64, tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    "test.use"(%kt, %vt) : (tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared>) -> ()
  }
  "test.deferred"() : () -> ()
  scf.for %i = %n to %m step %c64 : i32 {
    %kt = tile.load %k[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    %vt = tile.load %v[%i, %c0] {tilegpu.read_lag = 1 : i64, tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    "test.use"(%kt, %vt) : (tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared>) -> ()
  }
  return
}
