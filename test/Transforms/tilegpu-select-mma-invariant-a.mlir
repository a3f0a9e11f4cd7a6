// RUN: tessera-opt %s -split-input-file -tilegpu-select-mma | FileCheck %s --enable-var-scope
// RUN: tessera-opt %s -split-input-file -tessera-attach-target -tilegpu-select-mma=wgmma | FileCheck %s --check-prefix=WGMMA --enable-var-scope

// A loop-invariant A operand that mma.sync would read with ldmatrix at every
// k step (Q in attention) is read once: a tilegpu.convert_layout into the
// accumulator's layout, moved out of the loops by loop-invariant code motion.
// With wgmma, A in 64-column panels is read through a descriptor instead.

#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>

// CHECK-LABEL: func.func @invariant_q
// CHECK: %[[Q:.*]] = tile.load %{{.*}} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
// CHECK: %[[QR:.*]] = tilegpu.convert_layout %[[Q]] : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #mma>
// CHECK-NEXT: scf.for
// CHECK-NEXT: scf.for
// CHECK-NOT: tilegpu.convert_layout
// CHECK: tile.dot %[[QR]], %{{.*}}, %{{.*}} : tensor<64x64xf16, #mma>, tensor<64x64xf16, #shared_t>
// WGMMA-LABEL: func.func @invariant_q
// WGMMA-NOT: tilegpu.convert_layout
// WGMMA: tile.dot {{.*}} {tilegpu.wgmma}
func.func @invariant_q(%q: !tile.view<f16, 2>, %k: !tile.view<f16, 2>, %o: !tile.view<f32, 2>, %n: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %qs = tile.load %q[%c0, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
  %z = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %r = scf.for %h = %c0 to %c1 step %c1 iter_args(%acc0 = %z) -> (tensor<64x64xf32, #mma>) : i32 {
    %s = scf.for %j = %c0 to %n step %c64 iter_args(%acc = %acc0) -> (tensor<64x64xf32, #mma>) : i32 {
      %ks = tile.load %k[%j, %c0] {tilegpu.shared_offset = 8192 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
      %kt = tile.trans %ks : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #tilegpu.shared<transposed = true, swizzle = 128>>
      %d = tile.dot %qs, %kt, %acc : tensor<64x64xf16, #shared>, tensor<64x64xf16, #tilegpu.shared<transposed = true, swizzle = 128>> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    scf.yield %s : tensor<64x64xf32, #mma>
  }
  tile.store %r, %o[%c0, %c0] : tensor<64x64xf32, #mma> -> !tile.view<f32, 2>
  return
}

// -----

#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>

// Not read once: an A loaded in the loop (it changes), an A whose fragments
// would take 64 registers a thread (K = 256: 16 fragments of 16x16), and a
// dot in no loop.
// CHECK-LABEL: func.func @not_invariant
// CHECK-NOT: tilegpu.convert_layout
// CHECK: return
func.func @not_invariant(%q: !tile.view<f16, 2>, %o: !tile.view<f32, 2>, %n: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %z = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %s = scf.for %j = %c0 to %n step %c64 iter_args(%acc = %z) -> (tensor<64x64xf32, #mma>) : i32 {
    %qs = tile.load %q[%j, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    %d = tile.dot %qs, %qs, %acc : tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared> -> tensor<64x64xf32, #mma>
    scf.yield %d : tensor<64x64xf32, #mma>
  }
  %wide = tile.load %q[%c0, %c0] {tilegpu.shared_offset = 8192 : i64} : !tile.view<f16, 2> -> tensor<64x256xf16, #shared>
  %b = tile.load %q[%c0, %c0] {tilegpu.shared_offset = 40960 : i64} : !tile.view<f16, 2> -> tensor<256x64xf16, #shared>
  %t = scf.for %j = %c0 to %n step %c64 iter_args(%acc = %s) -> (tensor<64x64xf32, #mma>) : i32 {
    %d = tile.dot %wide, %b, %acc : tensor<64x256xf16, #shared>, tensor<256x64xf16, #shared> -> tensor<64x64xf32, #mma>
    scf.yield %d : tensor<64x64xf32, #mma>
  }
  %qs = tile.load %q[%c0, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
  %u = tile.dot %qs, %qs, %t : tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared> -> tensor<64x64xf32, #mma>
  tile.store %u, %o[%c0, %c0] : tensor<64x64xf32, #mma> -> !tile.view<f32, 2>
  return
}
