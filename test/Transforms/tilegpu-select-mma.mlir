// RUN: tessera-opt %s -split-input-file -tessera-attach-target -tilegpu-select-mma=wgmma | FileCheck %s
// RUN: tessera-opt %s -split-input-file -tilegpu-select-mma | FileCheck %s --check-prefix=SYNC
// RUN: tessera-opt %s -split-input-file -tessera-attach-target -tilegpu-select-mma="wgmma require-wgmma" -verify-diagnostics -o /dev/null

#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
// A dot wgmma computes: f16 operands, 64-column panels in 1024-aligned
// buffers, 4 warps. Without wgmma (another chip) it stays mma.sync.
// CHECK-LABEL: func.func @fits
// CHECK: tile.dot {{.*}} {tilegpu.wgmma}
// SYNC-LABEL: func.func @fits
// SYNC-NOT: tilegpu.wgmma
func.func @fits(%a: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
  %y = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 8192 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
  %z = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %d = tile.dot %x, %y, %z : tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared> -> tensor<64x64xf32, #mma>
  tile.store %d, %o[%c0, %c0] : tensor<64x64xf32, #mma> -> !tile.view<f32, 2>
  return
}

// -----

#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
// B's buffer at 128 bytes: a descriptor cannot read it, so mma.sync, and
// an error where wgmma is required.
// CHECK-LABEL: func.func @misaligned
// CHECK-NOT: tilegpu.wgmma
func.func @misaligned(%a: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 8192 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
  %y = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 128 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
  %z = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  // expected-error @+1 {{'tile.dot' op cannot be wgmma.mma_async (--mma=wgmma): B's shared buffer does not start on a 1024-byte boundary}}
  %d = tile.dot %x, %y, %z : tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared> -> tensor<64x64xf32, #mma>
  tile.store %d, %o[%c0, %c0] : tensor<64x64xf32, #mma> -> !tile.view<f32, 2>
  return
}

// -----

#mma = #tilegpu.mma<warpsM = 2, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
// Rows over 2 warps: not a warpgroup.
// CHECK-LABEL: func.func @half_warpgroup
// CHECK-NOT: tilegpu.wgmma
func.func @half_warpgroup(%a: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
  %y = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 8192 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
  %z = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  // expected-error @+1 {{'tile.dot' op cannot be wgmma.mma_async (--mma=wgmma): its rows are spread over 2 warps, not whole warpgroups of 4}}
  %d = tile.dot %x, %y, %z : tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared> -> tensor<64x64xf32, #mma>
  tile.store %d, %o[%c0, %c0] : tensor<64x64xf32, #mma> -> !tile.view<f32, 2>
  return
}

// -----

#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
#swizzle64 = #tilegpu.shared<transposed = false, swizzle = 64>
// A 64-column B with a 64-byte swizzle is not the 128-byte swizzle a
// descriptor reads, whatever its shape: mma.sync, and an error where wgmma
// is required.
// CHECK-LABEL: func.func @b_swizzle64
// CHECK-NOT: tilegpu.wgmma
func.func @b_swizzle64(%a: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
  %y = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 8192 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #swizzle64>
  %z = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  // expected-error @+1 {{'tile.dot' op cannot be wgmma.mma_async (--mma=wgmma): a descriptor cannot read B: its #tilegpu.shared swizzle is 64 bytes, not 128 (64-column panels)}}
  %d = tile.dot %x, %y, %z : tensor<64x64xf16, #shared>, tensor<64x64xf16, #swizzle64> -> tensor<64x64xf32, #mma>
  tile.store %d, %o[%c0, %c0] : tensor<64x64xf32, #mma> -> !tile.view<f32, 2>
  return
}

// -----

#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
#swizzle64 = #tilegpu.shared<transposed = false, swizzle = 64>
// An A with a 64-byte swizzle is read into registers (ldmatrix), not through
// a descriptor: its buffer need not be 1024-byte aligned.
// CHECK-LABEL: func.func @a_swizzle64
// CHECK: tile.dot {{.*}} {tilegpu.wgmma}
func.func @a_swizzle64(%a: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 8320 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #swizzle64>
  %y = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
  %z = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %d = tile.dot %x, %y, %z : tensor<64x64xf16, #swizzle64>, tensor<64x64xf16, #shared> -> tensor<64x64xf32, #mma>
  tile.store %d, %o[%c0, %c0] : tensor<64x64xf32, #mma> -> !tile.view<f32, 2>
  return
}
