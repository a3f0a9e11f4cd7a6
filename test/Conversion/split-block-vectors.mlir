// RUN: tessera-opt %s --tessera-split-block-vectors --split-input-file | FileCheck %s

// A loop carries 88 halves (FA2's P at BLOCK_N = 176): the block argument
// becomes 64 + 16 + 8 halves; the branch into the loop and the back edge
// slice the vector, the loop rebuilds it at its start. The 64 halves (a
// power of two) and the 88 floats (32-bit) stay as they are.

// CHECK-LABEL: llvm.func @loop
// CHECK-SAME: (%[[INIT:[a-z0-9]+]]: vector<88xf16>, %[[F:[a-z0-9]+]]: vector<88xf32>, %[[H:[a-z0-9]+]]: vector<64xf16>
// CHECK: %[[A0:.*]] = llvm.shufflevector %[[INIT]], %[[INIT]] [0, 1, 2, {{.*}}, 63] : vector<88xf16>
// CHECK: %[[B0:.*]] = llvm.shufflevector %[[INIT]], %[[INIT]] [64, 65, {{.*}}, 79] : vector<88xf16>
// CHECK: %[[C0:.*]] = llvm.shufflevector %[[INIT]], %[[INIT]] [80, 81, 82, 83, 84, 85, 86, 87] : vector<88xf16>
// CHECK: llvm.br ^bb1(%{{.*}}, %[[A0]], %[[B0]], %[[C0]], %[[F]], %[[H]] : i32, vector<64xf16>, vector<16xf16>, vector<8xf16>, vector<88xf32>, vector<64xf16>)
// CHECK: ^bb1(%[[I:[a-z0-9]+]]: i32, %[[A:[a-z0-9]+]]: vector<64xf16>, %[[B:[a-z0-9]+]]: vector<16xf16>, %[[C:[a-z0-9]+]]: vector<8xf16>, %[[FA:[a-z0-9]+]]: vector<88xf32>, %[[HA:[a-z0-9]+]]: vector<64xf16>):
// CHECK-NEXT: %[[CW:.*]] = llvm.shufflevector %[[C]], %[[C]] [0, 1, 2, 3, 4, 5, 6, 7, -1, -1, -1, -1, -1, -1, -1, -1] : vector<8xf16>
// CHECK-NEXT: %[[BC:.*]] = llvm.shufflevector %[[B]], %[[CW]] [0, 1, {{.*}}, 22, 23] : vector<16xf16>
// CHECK-NEXT: %[[BCW:.*]] = llvm.shufflevector %[[BC]], %[[BC]] [0, 1, {{.*}}, 23, -1, {{.*}}, -1] : vector<24xf16>
// CHECK-NEXT: %[[P:.*]] = llvm.shufflevector %[[A]], %[[BCW]] [0, 1, {{.*}}, 86, 87] : vector<64xf16>
// CHECK: llvm.fadd %[[P]], %[[P]] : vector<88xf16>
// CHECK: llvm.cond_br %{{.*}}, ^bb1(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[FA]], %[[HA]] : i32, vector<64xf16>, vector<16xf16>, vector<8xf16>, vector<88xf32>, vector<64xf16>), ^bb2
// CHECK: ^bb2:
// CHECK: llvm.return %[[P]] : vector<88xf16>
llvm.func @loop(%init: vector<88xf16>, %f: vector<88xf32>, %h: vector<64xf16>, %n: i32) -> vector<88xf16> {
  %zero = llvm.mlir.constant(0 : i32) : i32
  llvm.br ^bb1(%zero, %init, %f, %h : i32, vector<88xf16>, vector<88xf32>, vector<64xf16>)
^bb1(%i: i32, %p: vector<88xf16>, %fa: vector<88xf32>, %ha: vector<64xf16>):
  %next = llvm.fadd %p, %p : vector<88xf16>
  %one = llvm.mlir.constant(1 : i32) : i32
  %j = llvm.add %i, %one : i32
  %more = llvm.icmp "slt" %j, %n : i32
  llvm.cond_br %more, ^bb1(%j, %next, %fa, %ha : i32, vector<88xf16>, vector<88xf32>, vector<64xf16>), ^bb2
^bb2:
  llvm.return %p : vector<88xf16>
}

// -----

// Two branches into one block from a cond_br, and i8 and bf16 counts that
// split into two (12 = 8 + 4) and three (7 = 4 + 2 + 1) pieces.

// CHECK-LABEL: llvm.func @join
// CHECK: llvm.cond_br %{{.*}}, ^bb1(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<8xi8>, vector<4xi8>, vector<4xbf16>, vector<2xbf16>, vector<1xbf16>), ^bb1(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<8xi8>, vector<4xi8>, vector<4xbf16>, vector<2xbf16>, vector<1xbf16>)
// CHECK: ^bb1(%{{.*}}: vector<8xi8>, %{{.*}}: vector<4xi8>, %{{.*}}: vector<4xbf16>, %{{.*}}: vector<2xbf16>, %{{.*}}: vector<1xbf16>):
// CHECK: %[[V:.*]] = llvm.shufflevector %{{.*}}, %{{.*}} [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] : vector<8xi8>
// CHECK: %[[W:.*]] = llvm.shufflevector %{{.*}}, %{{.*}} [0, 1, 2, 3, 4, 5, 6] : vector<4xbf16>
// CHECK: llvm.insertvalue %[[V]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[W]], %{{.*}}[1]
llvm.func @join(%c: i1, %a: vector<12xi8>, %b: vector<12xi8>, %x: vector<7xbf16>, %y: vector<7xbf16>) -> !llvm.struct<(vector<12xi8>, vector<7xbf16>)> {
  llvm.cond_br %c, ^bb1(%a, %x : vector<12xi8>, vector<7xbf16>), ^bb1(%b, %y : vector<12xi8>, vector<7xbf16>)
^bb1(%v: vector<12xi8>, %w: vector<7xbf16>):
  %u = llvm.mlir.undef : !llvm.struct<(vector<12xi8>, vector<7xbf16>)>
  %u1 = llvm.insertvalue %v, %u[0] : !llvm.struct<(vector<12xi8>, vector<7xbf16>)>
  %u2 = llvm.insertvalue %w, %u1[1] : !llvm.struct<(vector<12xi8>, vector<7xbf16>)>
  llvm.return %u2 : !llvm.struct<(vector<12xi8>, vector<7xbf16>)>
}

// -----

// A conversion whose only users are the branch's power-of-two slices (FA2's
// P, converted from the f32 scores each iteration) converts the slices of
// its source instead: LLVM scalarizes a conversion to 88 halves into 88
// scalar conversions, where pieces of 64, 16 and 8 convert two at a time.
// The 24 halves of @kept are also used whole, so that conversion stays.

// CHECK-LABEL: llvm.func @narrow
// CHECK-SAME: (%[[S:[a-z0-9]+]]: vector<88xf32>
// CHECK-NOT: vector<88xf32> to vector<88xf16>
// CHECK: %[[SA:.*]] = llvm.shufflevector %[[S]], %[[S]] [0, 1, {{.*}}, 63] : vector<88xf32>
// CHECK-NEXT: %[[A:.*]] = llvm.fptrunc %[[SA]] {fastmath = #arith.fastmath<contract>} : vector<64xf32> to vector<64xf16>
// CHECK: %[[SB:.*]] = llvm.shufflevector %[[S]], %[[S]] [64, 65, {{.*}}, 79] : vector<88xf32>
// CHECK-NEXT: %[[B:.*]] = llvm.fptrunc %[[SB]] {fastmath = #arith.fastmath<contract>} : vector<16xf32> to vector<16xf16>
// CHECK: %[[SC:.*]] = llvm.shufflevector %[[S]], %[[S]] [80, 81, 82, 83, 84, 85, 86, 87] : vector<88xf32>
// CHECK-NEXT: %[[C:.*]] = llvm.fptrunc %[[SC]] {fastmath = #arith.fastmath<contract>} : vector<8xf32> to vector<8xf16>
// CHECK: llvm.br ^bb1(%[[A]], %[[B]], %[[C]] : vector<64xf16>, vector<16xf16>, vector<8xf16>)
llvm.func @narrow(%s: vector<88xf32>) -> vector<88xf16> {
  %p = llvm.fptrunc %s {fastmath = #arith.fastmath<contract>} : vector<88xf32> to vector<88xf16>
  llvm.br ^bb1(%p : vector<88xf16>)
^bb1(%q: vector<88xf16>):
  llvm.return %q : vector<88xf16>
}

// CHECK-LABEL: llvm.func @kept
// CHECK: %[[P:.*]] = llvm.fptrunc %{{.*}} : vector<24xf32> to vector<24xf16>
// CHECK-NEXT: llvm.fadd %[[P]], %[[P]] : vector<24xf16>
// CHECK-NEXT: llvm.shufflevector %[[P]], %[[P]] [0, 1, {{.*}}, 15] : vector<24xf16>
// CHECK-NEXT: llvm.shufflevector %[[P]], %[[P]] [16, {{.*}}, 23] : vector<24xf16>
llvm.func @kept(%s: vector<24xf32>) -> vector<24xf16> {
  %p = llvm.fptrunc %s : vector<24xf32> to vector<24xf16>
  %d = llvm.fadd %p, %p : vector<24xf16>
  llvm.br ^bb1(%p : vector<24xf16>)
^bb1(%q: vector<24xf16>):
  %r = llvm.fadd %q, %d : vector<24xf16>
  llvm.return %r : vector<24xf16>
}
