// RUN: tessera-opt %s -split-input-file -tilegpu-assign-layouts -tessera-attach-target=chip=sm_80 -tilegpu-allocate-shared -convert-tile-to-nvvm -verify-diagnostics | FileCheck %s

// A view narrowed along its innermost dimension starts at any element: a
// shared tile filled through it by 16-byte cp.async copies is an error at the
// narrow, with a note at the access.
func.func @innermost_cp_async(%a: !tile.view<f16, 2>, %o: !tile.view<f32, 2>, %start: i32, %len: i32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  // expected-error @+1 {{'tile.narrow' op narrows the innermost dimension, so the view is only 2-byte aligned, but an access through it needs 16 bytes}}
  %an = tile.narrow %a, 1, %start, %len : !tile.view<f16, 2>
  // expected-note @+1 {{this access}}
  %x = tile.load %an[%c0, %c0] : !tile.view<f16, 2> -> tensor<16x16xf16>
  %y = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<16x16xf16>
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = tile.dot %x, %y, %z : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
  tile.store %d, %o[%c0, %c0] : tensor<16x16xf32> -> !tile.view<f32, 2>
  return
}

// -----

// Scalar accesses (f32 stores) through an innermost narrow are fine, and the
// tensor's manifest alignment stays its element size.
// CHECK-LABEL: llvm.func @innermost_scalar
// CHECK-SAME: tilegpu.params = [#tilegpu.param<{{[^>]*}}align = 4>
func.func @innermost_scalar(%o: !tile.view<f32, 1>, %start: i32, %len: i32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %on = tile.narrow %o, 0, %start, %len : !tile.view<f32, 1>
  %c0 = arith.constant 0 : i32
  %t = arith.constant dense<1.0> : tensor<16xf32>
  tile.store %t, %on[%c0] : tensor<16xf32> -> !tile.view<f32, 1>
  return
}
