// RUN: tessera-opt %s -split-input-file -tilegpu-assign-layouts -tessera-attach-target -tilegpu-allocate-shared -verify-diagnostics | FileCheck %s

// Offsets land on the loads, the total on the kernel.
// CHECK-LABEL: func.func @gemm
// CHECK-SAME: tilegpu.shared_bytes = 65536 : i64
// CHECK: tile.load {{.*}} {tilegpu.shared_offset = 0 : i64}
// CHECK: tile.load {{.*}} {tilegpu.shared_offset = 32768 : i64}
func.func @gemm(%a: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<128x128xf16>
  %y = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<128x128xf16>
  %z = arith.constant dense<0.0> : tensor<128x128xf32>
  %d = tile.dot %x, %y, %z : tensor<128x128xf16>, tensor<128x128xf16> -> tensor<128x128xf32>
  tile.store %d, %o[%c0, %c0] : tensor<128x128xf32> -> !tile.view<f32, 2>
  return
}
