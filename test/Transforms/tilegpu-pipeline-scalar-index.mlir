// RUN: tessera-opt %s -split-input-file -tilegpu-assign-layouts -tilegpu-pipeline=num-stages=2 | FileCheck %s --enable-var-scope

// A paged K/V cache: each iteration reads its page number from a block table
// (`tile.load_scalar`) and loads K at it. The table is an input, so the
// prefetch of iteration j+1 recomputes its page (a scalar load at j+1,
// issued before the copy) and the K copy is pipelined like any other; the
// iteration's own scalar load, now unused, is gone.
// CHECK-LABEL: func.func @paged
// CHECK-SAME: (%[[K:[a-z0-9]+]]: !tile.view<f16, 3> {{{[^}]*}}}, %[[T:[a-z0-9]+]]: !tile.view<i32, 1>
// CHECK: %[[IV0:.*]] = arith.addi
// CHECK: %[[P0:.*]] = tile.load_scalar %[[T]][%[[IV0]]]
// CHECK: tilegpu.async_load %[[K]][%[[P0]], %{{.*}}, %{{.*}}] stage
// CHECK: tilegpu.async_commit
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %[[STEP:[^ ]*]]
// CHECK: tilegpu.async_wait 0
// CHECK: %[[NEXT:.*]] = arith.addi %[[J]], %{{.*}} : i32
// CHECK: %[[PN:.*]] = tile.load_scalar %[[T]][%[[NEXT]]]
// CHECK: tilegpu.async_load %[[K]][%[[PN]], %{{.*}}, %{{.*}}] stage
// CHECK-NEXT: tilegpu.async_commit
// CHECK-NEXT: tilegpu.stage_view
// CHECK-NOT: tile.load
// CHECK: scf.yield
func.func @paged(%k: !tile.view<f16, 3> {tile.role = "input"},
                 %table: !tile.view<i32, 1> {tile.role = "input"},
                 %o: !tile.view<f32, 2> {tile.role = "output"}, %n: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %q = tile.load %k[%c0, %c0, %c0] : !tile.view<f16, 3> -> tensor<64x64xf16>
  %init = arith.constant dense<0.0> : tensor<64x64xf32>
  %r = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<64x64xf32>) : i32 {
    %page = tile.load_scalar %table[%j] : !tile.view<i32, 1> -> i32
    %kt = tile.load %k[%page, %c0, %c0] : !tile.view<f16, 3> -> tensor<64x64xf16>
    %ktt = tile.trans %kt : tensor<64x64xf16> -> tensor<64x64xf16>
    %s = tile.dot %q, %ktt, %acc : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    scf.yield %s : tensor<64x64xf32>
  }
  tile.store %r, %o[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  return
}

// -----

// K and V at one page: both copies take the prefetched page, and the one
// scalar load they shared is erased once (no second erase of a freed op).
// CHECK-LABEL: func.func @paged_kv
// CHECK: scf.for %[[J:.*]] = %{{.*}} to
// CHECK: %[[PN:.*]] = tile.load_scalar
// CHECK-NEXT: tilegpu.async_load %{{.*}}[%[[PN]], %{{.*}}, %{{.*}}] stage
// CHECK-NEXT: tilegpu.async_load %{{.*}}[%[[PN]], %{{.*}}, %{{.*}}] stage
// CHECK-NEXT: tilegpu.async_commit
// CHECK-NOT: tile.load_scalar
// CHECK: scf.yield
func.func @paged_kv(%k: !tile.view<f16, 3> {tile.role = "input"},
                    %v: !tile.view<f16, 3> {tile.role = "input"},
                    %table: !tile.view<i32, 1> {tile.role = "input"},
                    %o: !tile.view<f32, 2> {tile.role = "output"}, %n: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %q = tile.load %k[%c0, %c0, %c0] : !tile.view<f16, 3> -> tensor<64x64xf16>
  %init = arith.constant dense<0.0> : tensor<64x64xf32>
  %r = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<64x64xf32>) : i32 {
    %page = tile.load_scalar %table[%j] : !tile.view<i32, 1> -> i32
    %kt = tile.load %k[%page, %c0, %c0] : !tile.view<f16, 3> -> tensor<64x64xf16>
    %vt = tile.load %v[%page, %c0, %c0] : !tile.view<f16, 3> -> tensor<64x64xf16>
    %ktt = tile.trans %kt : tensor<64x64xf16> -> tensor<64x64xf16>
    %s = tile.dot %q, %ktt, %acc : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    %p = arith.truncf %s : tensor<64x64xf32> to tensor<64x64xf16>
    %a = tile.dot %p, %vt, %acc : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    scf.yield %a : tensor<64x64xf32>
  }
  tile.store %r, %o[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  return
}

// -----

// The page comes from a tensor the kernel also writes (inout): an early read
// could see the old value, so the load stays synchronous.
// CHECK-LABEL: func.func @written_table
// CHECK-NOT: tilegpu.async_load
// CHECK: scf.for
// CHECK: tile.load_scalar
// CHECK: tile.load {{.*}}tensor<64x64xf16, #shared>
func.func @written_table(%k: !tile.view<f16, 3> {tile.role = "input"},
                         %table: !tile.view<i32, 2> {tile.role = "inout"},
                         %o: !tile.view<f32, 2> {tile.role = "output"}, %n: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %q = tile.load %k[%c0, %c0, %c0] : !tile.view<f16, 3> -> tensor<64x64xf16>
  %init = arith.constant dense<0.0> : tensor<64x64xf32>
  %r = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<64x64xf32>) : i32 {
    %page = tile.load_scalar %table[%c0, %j] : !tile.view<i32, 2> -> i32
    %kt = tile.load %k[%page, %c0, %c0] : !tile.view<f16, 3> -> tensor<64x64xf16>
    %ktt = tile.trans %kt : tensor<64x64xf16> -> tensor<64x64xf16>
    %s = tile.dot %q, %ktt, %acc : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    scf.yield %s : tensor<64x64xf32>
  }
  tile.store %r, %o[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  return
}
