// RUN: tessera-opt %s -allow-unregistered-dialect -split-input-file -tilegpu-peel-rotation | FileCheck %s --enable-var-scope

// A rotated loop (tilegpu-schedule-dots): iteration j issues QKᵀ(j), then
// P(j-1)·V(j-1), which starts from P = 0. The first iteration is peeled
// under `lb < ub` without that dot: its wait goes (the accumulator is the
// loop's init), QKᵀ's wait lets no dot run, the turn holds QKᵀ alone; the
// loop starts one step later from what the peeled iteration yields.
// CHECK-LABEL: func.func @rotated
// CHECK-SAME: (%[[LB:.*]]: i32, %[[UB:.*]]: i32
// CHECK-DAG: %[[ZERO_P:.*]] = arith.constant dense<0.000000e+00> : tensor<128x64xf16, #mma>
// CHECK-DAG: %[[ACC0:.*]] = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
// CHECK: %[[RUNS:.*]] = arith.cmpi slt, %[[LB]], %[[UB]] : i32
// CHECK-NEXT: %[[FIRST:.*]]:3 = scf.if %[[RUNS]] -> (tensor<128x64xf32, #mma>, tensor<128x64xf16, #mma>, tensor<64x64xf16>) {
// CHECK-NEXT: %[[K0:.*]] = "test.k"(%[[LB]])
// CHECK-NEXT: tilegpu.turn_wait
// CHECK-NEXT: %[[S0:.*]] = tile.dot %{{.*}}, %[[K0]], %{{.*}} {tilegpu.async}
// CHECK-NOT: tile.dot
// CHECK-NEXT: tilegpu.turn_pass
// CHECK-NEXT: %[[W0:.*]] = tilegpu.dot_wait %[[S0]] {pendings = 0 : i32}
// CHECK-NEXT: %[[P0:.*]] = "test.softmax"(%[[W0]])
// CHECK-NEXT: %[[R0:.*]] = arith.mulf %[[ACC0]], %[[ACC0]]
// CHECK-NEXT: %[[V0:.*]] = "test.v"(%[[LB]])
// CHECK-NEXT: scf.yield %[[R0]], %[[P0]], %[[V0]]
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[ACC0]], %[[ZERO_P]], %{{.*}}
// CHECK-NEXT: }
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[LB]], %{{.*}} : i32
// CHECK-NEXT: %[[LOOP:.*]]:3 = scf.for %{{.*}} = %[[NEXT]] to %[[UB]] step %{{.*}} iter_args(%{{.*}} = %[[FIRST]]#0, %{{.*}} = %[[FIRST]]#1, %{{.*}} = %[[FIRST]]#2)
// CHECK: tile.dot {{.*}} {tilegpu.async}
// CHECK-NEXT: tile.dot {{.*}} {tilegpu.async, tilegpu.rotated}
// CHECK: tilegpu.dot_wait %{{.*}} {pendings = 1 : i32}
// CHECK: tilegpu.dot_wait %{{.*}} {pendings = 0 : i32}
// CHECK: scf.yield
// CHECK: tile.dot %[[LOOP]]#1, %[[LOOP]]#2, %[[LOOP]]#0 {tilegpu.async}
#mma = #tilegpu.mma<warpsM = 8, warpsN = 1>
func.func @rotated(%lb: i32, %ub: i32, %q: tensor<128x64xf16>) -> tensor<128x64xf32, #mma> {
  %c64 = arith.constant 64 : i32
  %zero_p = arith.constant dense<0.0> : tensor<128x64xf16, #mma>
  %acc0 = arith.constant dense<0.0> : tensor<128x64xf32, #mma>
  %v_first = "test.v"(%lb) : (i32) -> tensor<64x64xf16>
  %r:3 = scf.for %j = %lb to %ub step %c64 iter_args(%acc = %acc0, %p = %zero_p, %v = %v_first) -> (tensor<128x64xf32, #mma>, tensor<128x64xf16, #mma>, tensor<64x64xf16>) : i32 {
    %k = "test.k"(%j) : (i32) -> tensor<64x64xf16>
    tilegpu.turn_wait
    %s = tile.dot %q, %k, %acc0 {tilegpu.async} : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32, #mma>
    %o = tile.dot %p, %v, %acc {tilegpu.async, tilegpu.rotated} : tensor<128x64xf16, #mma>, tensor<64x64xf16> -> tensor<128x64xf32, #mma>
    tilegpu.turn_pass
    %sw = tilegpu.dot_wait %s {pendings = 1 : i32} : tensor<128x64xf32, #mma>
    %p2 = "test.softmax"(%sw) : (tensor<128x64xf32, #mma>) -> tensor<128x64xf16, #mma>
    %ow = tilegpu.dot_wait %o {pendings = 0 : i32} : tensor<128x64xf32, #mma>
    %rescaled = arith.mulf %ow, %ow : tensor<128x64xf32, #mma>
    %v2 = "test.v"(%j) : (i32) -> tensor<64x64xf16>
    scf.yield %rescaled, %p2, %v2 : tensor<128x64xf32, #mma>, tensor<128x64xf16, #mma>, tensor<64x64xf16>
  }
  %last = tile.dot %r#1, %r#2, %r#0 {tilegpu.async} : tensor<128x64xf16, #mma>, tensor<64x64xf16> -> tensor<128x64xf32, #mma>
  %lw = tilegpu.dot_wait %last {pendings = 0 : i32} : tensor<128x64xf32, #mma>
  return %lw : tensor<128x64xf32, #mma>
}

// -----

// Left as they are: a rotation chained from an earlier loop (its P is that
// loop's: real work), a dot the rotation did not make (the source's
// 0·V is NaN where V holds an infinity), and a rotated dot that one wait
// awaits with another: there the wait stays, for the other dot.
// CHECK-LABEL: func.func @kept
// CHECK-NOT: scf.if
// CHECK: scf.for
// CHECK: tile.dot {{.*}} {tilegpu.async, tilegpu.rotated}
// CHECK: scf.for
// CHECK: tile.dot {{.*}} {tilegpu.async}
// CHECK: scf.yield
// CHECK-LABEL: func.func @shared_wait
// CHECK: scf.if
// CHECK-NOT: tile.dot
// CHECK: %[[S:.*]] = tile.dot
// CHECK-NOT: tile.dot
// CHECK: tilegpu.dot_wait %[[S]], %{{.*}} {pendings = 0 : i32}
// CHECK: } else {
#mma = #tilegpu.mma<warpsM = 8, warpsN = 1>
func.func @kept(%lb: i32, %ub: i32, %q: tensor<128x64xf16>, %p_in: tensor<128x64xf16, #mma>, %v_in: tensor<64x64xf16>) {
  %c64 = arith.constant 64 : i32
  %zero_p = arith.constant dense<0.0> : tensor<128x64xf16, #mma>
  %acc0 = arith.constant dense<0.0> : tensor<128x64xf32, #mma>
  %r:2 = scf.for %j = %lb to %ub step %c64 iter_args(%acc = %acc0, %p = %p_in) -> (tensor<128x64xf32, #mma>, tensor<128x64xf16, #mma>) : i32 {
    %o = tile.dot %p, %v_in, %acc {tilegpu.async, tilegpu.rotated} : tensor<128x64xf16, #mma>, tensor<64x64xf16> -> tensor<128x64xf32, #mma>
    %ow = tilegpu.dot_wait %o {pendings = 0 : i32} : tensor<128x64xf32, #mma>
    %p2 = "test.p"(%ow) : (tensor<128x64xf32, #mma>) -> tensor<128x64xf16, #mma>
    scf.yield %ow, %p2 : tensor<128x64xf32, #mma>, tensor<128x64xf16, #mma>
  }
  %u:2 = scf.for %j = %lb to %ub step %c64 iter_args(%acc = %acc0, %p = %zero_p) -> (tensor<128x64xf32, #mma>, tensor<128x64xf16, #mma>) : i32 {
    %o = tile.dot %p, %v_in, %acc {tilegpu.async} : tensor<128x64xf16, #mma>, tensor<64x64xf16> -> tensor<128x64xf32, #mma>
    %ow = tilegpu.dot_wait %o {pendings = 0 : i32} : tensor<128x64xf32, #mma>
    %p2 = "test.p"(%ow) : (tensor<128x64xf32, #mma>) -> tensor<128x64xf16, #mma>
    scf.yield %ow, %p2 : tensor<128x64xf32, #mma>, tensor<128x64xf16, #mma>
  }
  "test.use"(%r#0, %u#0) : (tensor<128x64xf32, #mma>, tensor<128x64xf32, #mma>) -> ()
  return
}
func.func @shared_wait(%lb: i32, %ub: i32, %q: tensor<128x64xf16>, %v_in: tensor<64x64xf16>) {
  %c64 = arith.constant 64 : i32
  %zero_p = arith.constant dense<0.0> : tensor<128x64xf16, #mma>
  %acc0 = arith.constant dense<0.0> : tensor<128x64xf32, #mma>
  %r:2 = scf.for %j = %lb to %ub step %c64 iter_args(%acc = %acc0, %p = %zero_p) -> (tensor<128x64xf32, #mma>, tensor<128x64xf16, #mma>) : i32 {
    %o = tile.dot %p, %v_in, %acc {tilegpu.async, tilegpu.rotated} : tensor<128x64xf16, #mma>, tensor<64x64xf16> -> tensor<128x64xf32, #mma>
    %s = tile.dot %q, %v_in, %acc0 {tilegpu.async} : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32, #mma>
    %w:2 = tilegpu.dot_wait %s, %o {pendings = 0 : i32} : tensor<128x64xf32, #mma>, tensor<128x64xf32, #mma>
    %p2 = "test.p"(%w#0) : (tensor<128x64xf32, #mma>) -> tensor<128x64xf16, #mma>
    scf.yield %w#1, %p2 : tensor<128x64xf32, #mma>, tensor<128x64xf16, #mma>
  }
  "test.use"(%r#0) : (tensor<128x64xf32, #mma>) -> ()
  return
}

// -----

// A synchronous rotated dot (no wait): its users read the accumulator in
// the peeled iteration.
// CHECK-LABEL: func.func @synchronous
// CHECK-DAG: %[[ACC0:.*]] = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
// CHECK: scf.if
// CHECK-NOT: tile.dot
// CHECK: "test.p"(%{{.*}}, %[[ACC0]]) :
// CHECK: } else {
#mma = #tilegpu.mma<warpsM = 8, warpsN = 1>
func.func @synchronous(%lb: i32, %ub: i32, %v_in: tensor<64x64xf16>) {
  %c64 = arith.constant 64 : i32
  %zero_p = arith.constant dense<0.0> : tensor<128x64xf16, #mma>
  %acc0 = arith.constant dense<0.0> : tensor<128x64xf32, #mma>
  %r:2 = scf.for %j = %lb to %ub step %c64 iter_args(%acc = %acc0, %p = %zero_p) -> (tensor<128x64xf32, #mma>, tensor<128x64xf16, #mma>) : i32 {
    %o = tile.dot %p, %v_in, %acc {tilegpu.rotated} : tensor<128x64xf16, #mma>, tensor<64x64xf16> -> tensor<128x64xf32, #mma>
    %p2 = "test.p"(%j, %o) : (i32, tensor<128x64xf32, #mma>) -> tensor<128x64xf16, #mma>
    scf.yield %o, %p2 : tensor<128x64xf32, #mma>, tensor<128x64xf16, #mma>
  }
  "test.use"(%r#0) : (tensor<128x64xf32, #mma>) -> ()
  return
}
