// RUN: tessera-opt %s -split-input-file -tilegpu-assign-layouts -tilegpu-pipeline=num-stages=2 | FileCheck %s --enable-var-scope
// RUN: tessera-opt %s -split-input-file -tilegpu-assign-layouts -tilegpu-pipeline=num-stages=1 | FileCheck %s --check-prefix=S1
// RUN: sed 's/tile.prefetch_registers = true/tile.prefetch_registers = false/' %s | tessera-opt -split-input-file -tilegpu-assign-layouts -tilegpu-pipeline | FileCheck %s --check-prefix=OFF
// RUN: sed 's/, tile.prefetch_registers = true//' %s | tessera-opt -split-input-file -tilegpu-assign-layouts -tilegpu-pipeline=prefetch-registers=true | FileCheck %s

// Kernels ask for it (`@kernel(prefetch_registers=True)`; the pass option
// `prefetch-registers` for every kernel): without, every register load stays
// where it is (the shared tile K is still pipelined).
// OFF-LABEL: func.func @row_vector
// OFF: tilegpu.async_load
// OFF: scf.for %{{.*}} iter_args(%{{[a-z0-9_]+}} = %{{[a-z0-9_]+}}) -> (tensor<64x64xf32
// OFF: tile.load %{{.*}} : !tile.view<f32, 1>
// OFF-LABEL: func.func @blocked_in_branch
// OFF: scf.for %{{.*}} iter_args(%{{[a-z0-9_]+}} = %{{[a-z0-9_]+}}) -> (tensor<16x64xf32

// A loop that loads a row vector into registers at the induction variable
// (FlashAttention's backward reads Lse and Delta of each query block so).
// The pipeliner loads it one iteration ahead: iteration 0's before the
// loop, the next iteration's right after the last use of this one's or of
// what is computed from it alone (the scaled, broadcast vector, last read
// by the subtraction), carried by the loop. Its latency overlaps the rest
// of the iteration (the second dot, here) instead of stalling its first
// use, and the two copies are not live at once. The shared tile K is
// pipelined as before.
// CHECK-LABEL: func.func @row_vector
// CHECK-SAME: (%{{[a-z0-9]+}}: !tile.view<f16, 2> {{{[^}]*}}}, %[[L:[a-z0-9]+]]: !tile.view<f32, 1>
// CHECK: %[[C0:.*]] = arith.constant 0 : i32
// CHECK: %[[FIRST:.*]] = tile.load %[[L]][%[[C0]]] : !tile.view<f32, 1> -> tensor<64xf32, #{{.*}}>
// CHECK: scf.for %[[J:.*]] = %[[C0]] to %{{.*}} step %[[STEP:[^ ]*]] iter_args(%{{.*}} = %{{.*}}, %[[CUR:.*]] = %[[FIRST]])
// CHECK-NOT: tile.load %[[L]]
// CHECK: arith.mulf %[[CUR]], %{{.*}}
// CHECK: tile.dot
// CHECK: arith.subf
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[J]], %[[STEP]] : i32
// CHECK-NEXT: %[[AHEAD:.*]] = tile.load %[[L]][%[[NEXT]]] : !tile.view<f32, 1> -> tensor<64xf32, #{{.*}}>
// CHECK: tile.dot
// CHECK: scf.yield %{{.*}}, %[[AHEAD]] :
// S1-LABEL: func.func @row_vector
// S1-NOT: iter_args(%{{.*}}, %{{.*}})
// S1: scf.for
// S1: tile.load
// S1: tile.load
func.func @row_vector(%q: !tile.view<f16, 2> {tile.role = "input"},
                      %lse: !tile.view<f32, 1> {tile.role = "input"},
                      %o: !tile.view<f32, 2> {tile.role = "output"}, %n: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32, tile.prefetch_registers = true} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %k = tile.load %q[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %init = arith.constant dense<0.0> : tensor<64x64xf32>
  %r = scf.for %j = %c0 to %n step %c64 iter_args(%acc = %init) -> (tensor<64x64xf32>) : i32 {
    %qt = tile.load %q[%j, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %l = tile.load %lse[%j] : !tile.view<f32, 1> -> tensor<64xf32>
    %log2e = arith.constant dense<1.44269504> : tensor<64xf32>
    %ls = arith.mulf %l, %log2e : tensor<64xf32>
    %le = tile.expand_dims %ls axis 0 : tensor<64xf32> -> tensor<1x64xf32>
    %lb = tile.broadcast %le : tensor<1x64xf32> -> tensor<64x64xf32>
    %qtt = tile.trans %qt : tensor<64x64xf16> -> tensor<64x64xf16>
    %s = tile.dot %k, %qtt, %acc : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    %d = arith.subf %s, %lb : tensor<64x64xf32>
    %p = arith.truncf %d : tensor<64x64xf32> to tensor<64x64xf16>
    %e = tile.dot %p, %qt, %d : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    scf.yield %e : tensor<64x64xf32>
  }
  tile.store %r, %o[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  return
}

// -----

// A blocked tile read at an offset computed from the induction variable and
// last used inside an scf.if: the copy ahead recomputes the offset for the
// next iteration and is issued after the scf.if (its last user in the body).
// CHECK-LABEL: func.func @blocked_in_branch
// CHECK: %[[FIRST:.*]] = tile.load %{{.*}}[%{{.*}}, %{{.*}}] : !tile.view<f32, 2> -> tensor<16x64xf32, #{{.*}}>
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %[[STEP:[^ ]*]] iter_args(%{{.*}} = %{{.*}}, %[[CUR:.*]] = %[[FIRST]])
// CHECK: scf.if
// CHECK: arith.addf %{{.*}}, %[[CUR]]
// CHECK: } else {
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[J]], %[[STEP]] : i32
// CHECK-NEXT: %[[ROW:.*]] = arith.muli %[[NEXT]], %{{.*}} : i32
// CHECK-NEXT: %[[AHEAD:.*]] = tile.load %{{.*}}[%[[ROW]], %{{.*}}] : !tile.view<f32, 2> -> tensor<16x64xf32, #{{.*}}>
// CHECK: scf.yield %{{.*}}, %[[AHEAD]] :
func.func @blocked_in_branch(%x: !tile.view<f32, 2> {tile.role = "input"},
                             %o: !tile.view<f32, 2> {tile.role = "output"},
                             %n: i32, %flag: i1)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32, tile.prefetch_registers = true} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c16 = arith.constant 16 : i32
  %init = arith.constant dense<0.0> : tensor<16x64xf32>
  %r = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<16x64xf32>) : i32 {
    %row = arith.muli %j, %c16 : i32
    %t = tile.load %x[%row, %c0] : !tile.view<f32, 2> -> tensor<16x64xf32>
    %next = scf.if %flag -> (tensor<16x64xf32>) {
      %sum = arith.addf %acc, %t : tensor<16x64xf32>
      scf.yield %sum : tensor<16x64xf32>
    } else {
      scf.yield %acc : tensor<16x64xf32>
    }
    scf.yield %next : tensor<16x64xf32>
  }
  tile.store %r, %o[%c0, %c0] : tensor<16x64xf32> -> !tile.view<f32, 2>
  return
}

// -----

// A tensor the kernel also writes (inout) is read where the program reads
// it: a read one iteration early could miss the previous iteration's store.
// CHECK-LABEL: func.func @written_tensor
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{[a-z0-9_]+}} = %{{[a-z0-9_]+}}) -> (tensor<16x64xf32
// CHECK-NEXT: arith.muli
// CHECK-NEXT: tile.load
// CHECK: tile.store
func.func @written_tensor(%x: !tile.view<f32, 2> {tile.role = "inout"}, %n: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32, tile.prefetch_registers = true} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c16 = arith.constant 16 : i32
  %init = arith.constant dense<0.0> : tensor<16x64xf32>
  %r = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<16x64xf32>) : i32 {
    %row = arith.muli %j, %c16 : i32
    %t = tile.load %x[%row, %c0] : !tile.view<f32, 2> -> tensor<16x64xf32>
    %sum = arith.addf %acc, %t : tensor<16x64xf32>
    tile.store %sum, %x[%row, %c0] : tensor<16x64xf32> -> !tile.view<f32, 2>
    scf.yield %sum : tensor<16x64xf32>
  }
  return
}

// -----

// An index that is not computable for another iteration (it comes from the
// loop's carried value): the load stays where it is.
// CHECK-LABEL: func.func @carried_index
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{[a-z0-9_]+}} = %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} = %{{[a-z0-9_]+}}) -> (tensor<16x64xf32
// CHECK-NEXT: tile.load
func.func @carried_index(%x: !tile.view<f32, 2> {tile.role = "input"},
                         %o: !tile.view<f32, 2> {tile.role = "output"}, %n: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32, tile.prefetch_registers = true} {
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %init = arith.constant dense<0.0> : tensor<16x64xf32>
  %r:2 = scf.for %j = %c0 to %n step %c16 iter_args(%acc = %init, %row = %c0) -> (tensor<16x64xf32>, i32) : i32 {
    %t = tile.load %x[%row, %c0] : !tile.view<f32, 2> -> tensor<16x64xf32>
    %sum = arith.addf %acc, %t : tensor<16x64xf32>
    %next = arith.addi %row, %c16 : i32
    scf.yield %sum, %next : tensor<16x64xf32>, i32
  }
  tile.store %r#0, %o[%c0, %c0] : tensor<16x64xf32> -> !tile.view<f32, 2>
  return
}

// -----

// A tile the loop yields as it is: its last reader is the yield, so the copy
// for the next iteration is issued right before it.
// CHECK-LABEL: func.func @yielded
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %[[STEP:[^ ]*]] iter_args(%{{.*}} = %{{.*}}, %[[CUR:.*]] = %{{.*}})
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[J]], %[[STEP]] : i32
// CHECK-NEXT: %[[AHEAD:.*]] = tile.load %{{.*}}[%[[NEXT]], %{{.*}}]
// CHECK-NEXT: scf.yield %[[CUR]], %[[AHEAD]] :
func.func @yielded(%x: !tile.view<f32, 2> {tile.role = "input"},
                   %o: !tile.view<f32, 2> {tile.role = "output"}, %n: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32, tile.prefetch_registers = true} {
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %init = arith.constant dense<0.0> : tensor<16x64xf32>
  %r = scf.for %j = %c0 to %n step %c16 iter_args(%acc = %init) -> (tensor<16x64xf32>) : i32 {
    %t = tile.load %x[%j, %c0] : !tile.view<f32, 2> -> tensor<16x64xf32>
    scf.yield %t : tensor<16x64xf32>
  }
  tile.store %r, %o[%c0, %c0] : tensor<16x64xf32> -> !tile.view<f32, 2>
  return
}
