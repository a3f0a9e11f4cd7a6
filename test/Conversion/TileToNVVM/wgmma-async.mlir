// RUN: tessera-opt %s -split-input-file -tilegpu-assign-layouts -tessera-attach-target -tilegpu-schedule-dots=defer-dots=true -tilegpu-pipeline -tilegpu-allocate-shared -tilegpu-select-mma=wgmma -convert-tile-to-nvvm -canonicalize -cse | FileCheck %s --enable-var-scope

// Asynchronous dots (tilegpu-schedule-dots) on wgmma: each dot is a fence,
// its wgmma.mma_async instructions and a commit, with no wait of its own;
// each tilegpu.dot_wait is one wgmma.wait_group that takes and returns the
// accumulator registers.

// A GEMM's k loop: the loop's dot is waited for with one group in flight,
// the loop's result after the loop.
// CHECK-LABEL: llvm.func @gemm
// CHECK: scf.for
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK-NOT: wgmma.wait_group
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: %[[W:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "wgmma.wait_group.sync.aligned 1;", "=f,{{.*}},0,1,2,
// CHECK-NOT: wgmma
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.wait_group.sync.aligned 0;"

func.func @gemm(%a: !tile.view<f16, 2> {tile.role = "input"}, %b: !tile.view<f16, 2> {tile.role = "input"}, %c: !tile.view<f32, 2> {tile.role = "output"}, %kdim: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 3 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %init = arith.constant dense<0.0> : tensor<64x64xf32>
  %r = scf.for %k = %c0 to %kdim step %c64 iter_args(%acc = %init) -> (tensor<64x64xf32>) : i32 {
    %at = tile.load %a[%c0, %k] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %bt = tile.load %b[%k, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %d = tile.dot %at, %bt, %acc : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  tile.store %r, %c[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  return
}

// -----

// Deferred P·V: in the loop two groups (Q·Kᵀ, then the previous P·V), a
// wait with one group in flight for S, one with none for the accumulator;
// after the loop the last P·V and its wait.
// CHECK-LABEL: llvm.func @attention
// CHECK: scf.for
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK-NOT: wgmma.wait_group
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK-NOT: wgmma.wait_group
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NOT: wgmma.mma_async
// CHECK: "wgmma.wait_group.sync.aligned 1;"
// CHECK-NOT: wgmma.mma_async
// CHECK: "wgmma.wait_group.sync.aligned 0;"
// CHECK: scf.yield
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK-NOT: wgmma.wait_group
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: "wgmma.wait_group.sync.aligned 0;"

func.func @attention(%q: !tile.view<f16, 2> {tile.role = "input"}, %k: !tile.view<f16, 2> {tile.role = "input"}, %v: !tile.view<f16, 2> {tile.role = "input"}, %o: !tile.view<f32, 2> {tile.role = "output"}, %n: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %qt = tile.load %q[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %init = arith.constant dense<0.0> : tensor<64x64xf32>
  %r = scf.for %i = %c0 to %n step %c64 iter_args(%acc = %init) -> (tensor<64x64xf32>) : i32 {
    %kt = tile.load %k[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %vt = tile.load %v[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %ktt = tile.trans %kt : tensor<64x64xf16> -> tensor<64x64xf16>
    %z = arith.constant dense<0.0> : tensor<64x64xf32>
    %s = tile.dot %qt, %ktt, %z : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    %e = math.exp2 %s : tensor<64x64xf32>
    %half = arith.constant dense<0.5> : tensor<64x64xf32>
    %scaled = arith.mulf %acc, %half : tensor<64x64xf32>
    %p = arith.truncf %e : tensor<64x64xf32> to tensor<64x64xf16>
    %a = tile.dot %p, %vt, %scaled : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    scf.yield %a : tensor<64x64xf32>
  }
  tile.store %r, %o[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  return
}
