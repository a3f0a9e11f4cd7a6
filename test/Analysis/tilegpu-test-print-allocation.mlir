// RUN: tessera-opt %s -split-input-file -tilegpu-assign-layouts -tilegpu-test-print-allocation -o /dev/null | FileCheck %s

// FA2's shared buffers: Q (128x64 f16, 16 KB) is live across the loop; K and
// V (64x64 f16, 8 KB each) are live together inside it, so nothing is shared.
// CHECK-LABEL: allocation of @fa2_buffers
// CHECK-NEXT: buffer offset=0 size=16384 stages=1 live=[{{[0-9]+}}, {{[0-9]+}}] tensor<128x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
// CHECK-NEXT: buffer offset=16384 size=8192 stages=1
// CHECK-NEXT: buffer offset=24576 size=8192 stages=1
// CHECK-NEXT: total=32768
func.func @fa2_buffers(%q: !tile.view<f16, 2>, %k: !tile.view<f16, 2>, %v: !tile.view<f16, 2>,
                       %o: !tile.view<f32, 2>, %n: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %qt = tile.load %q[%c0, %c0] : !tile.view<f16, 2> -> tensor<128x64xf16>
  %init = arith.constant dense<0.0> : tensor<128x64xf32>
  %r = scf.for %i = %c0 to %n step %c64 iter_args(%acc = %init) -> (tensor<128x64xf32>) : i32 {
    %kt = tile.load %k[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %vt = tile.load %v[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %ktt = tile.trans %kt : tensor<64x64xf16> -> tensor<64x64xf16>
    %z = arith.constant dense<0.0> : tensor<128x64xf32>
    %s = tile.dot %qt, %ktt, %z : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
    %p = arith.truncf %s : tensor<128x64xf32> to tensor<128x64xf16>
    %a = tile.dot %p, %vt, %acc : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
    scf.yield %a : tensor<128x64xf32>
  }
  tile.store %r, %o[%c0, %c0] : tensor<128x64xf32> -> !tile.view<f32, 2>
  return
}

// -----

// Two GEMMs one after the other: the first pair of buffers is dead when the
// second pair is loaded, so the second reuses offset 0.
// CHECK-LABEL: allocation of @reuse
// CHECK-NEXT: buffer offset=0 size=8192
// CHECK-NEXT: buffer offset=8192 size=8192
// CHECK-NEXT: buffer offset=0 size=8192
// CHECK-NEXT: buffer offset=8192 size=8192
// CHECK-NEXT: total=16384
func.func @reuse(%a: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %y = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %z = arith.constant dense<0.0> : tensor<64x64xf32>
  %d = tile.dot %x, %y, %z : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
  %x2 = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %y2 = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %d2 = tile.dot %x2, %y2, %d : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
  tile.store %d2, %o[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  return
}

// -----

// tilegpu-version-in-bounds' two copies of a program: the reductions of one
// branch and those of the other never run in the same program, so their
// scratch is shared (each copy's own two reductions are not).
// CHECK-LABEL: allocation of @branches
// CHECK-NEXT: buffer offset=0 size=[[S:[0-9]+]]
// CHECK-NEXT: buffer offset=[[O:[0-9]+]] size=[[S]]
// CHECK-NEXT: buffer offset=0 size=[[S]]
// CHECK-NEXT: buffer offset=[[O]] size=[[S]]
func.func @branches(%a: !tile.view<f32, 2>, %o: !tile.view<f32, 1>, %inside: i1) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  scf.if %inside {
    %x = tile.load %a[%c0, %c0] {in_bounds = array<i1: true, true>} : !tile.view<f32, 2> -> tensor<1x1024xf32>
    %s = tile.reduce sum %x axis 1 : tensor<1x1024xf32> -> tensor<1xf32>
    %m = tile.reduce max %x axis 1 : tensor<1x1024xf32> -> tensor<1xf32>
    %r = arith.addf %s, %m : tensor<1xf32>
    tile.store %r, %o[%c0] : tensor<1xf32> -> !tile.view<f32, 1>
  } else {
    %x = tile.load %a[%c0, %c0] : !tile.view<f32, 2> -> tensor<1x1024xf32>
    %s = tile.reduce sum %x axis 1 : tensor<1x1024xf32> -> tensor<1xf32>
    %m = tile.reduce max %x axis 1 : tensor<1x1024xf32> -> tensor<1xf32>
    %r = arith.addf %s, %m : tensor<1xf32>
    tile.store %r, %o[%c0] : tensor<1xf32> -> !tile.view<f32, 1>
  }
  return
}
