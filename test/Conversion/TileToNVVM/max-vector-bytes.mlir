// RUN: tessera-opt %s -convert-tile-to-nvvm=max-vector-bytes=4 | FileCheck %s
// RUN: not tessera-opt %s -convert-tile-to-nvvm=max-vector-bytes=3 2>&1 | FileCheck %s --check-prefix=BAD

// max-vector-bytes caps the vector accesses of blocked tiles, and with them
// the manifest's align: 4 bytes a load here (2 f16), so rows 4 bytes apart
// are accepted (tessera.ops.norms compiles such a variant for tensors whose
// rows are not 16-byte aligned).
// CHECK-LABEL: llvm.func @capped
// CHECK-SAME: tilegpu.params = [#tilegpu.param<{{[^>]*}}align = 4>,
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "@$2 ld.global.b32 $0, [$1];", "=r,l,b,0" %{{.*}} : (!llvm.ptr<1>, i1, i32) -> i32
// CHECK: llvm.bitcast %{{.*}} : vector<1xi32> to vector<2xf16>
// CHECK-NOT: v4.b32
// BAD: error: expected max-vector-bytes to be 1, 2, 4, 8 or 16, got 3
#b = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>
func.func @capped(%x: !tile.view<f16, 2>, %y: !tile.view<f32, 2>, %i: i32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%i, %c0] : !tile.view<f16, 2> -> tensor<4x64xf16, #b>
  %f = arith.extf %t : tensor<4x64xf16, #b> to tensor<4x64xf32, #b>
  tile.store %f, %y[%i, %c0] : tensor<4x64xf32, #b> -> !tile.view<f32, 2>
  return
}

// An f16 mma tile's rows are gathered into 16-byte stores only where 16-byte
// accesses are allowed: under the cap, column pairs (4 bytes, align 4).
// CHECK-LABEL: llvm.func @mma_rows_capped
// CHECK-SAME: tilegpu.params = [#tilegpu.param<{{[^>]*}}align = 4>,
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: v4.b32
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<2xf16>, !llvm.ptr<1>
func.func @mma_rows_capped(%y: !tile.view<f16, 2>, %i: i32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = arith.constant dense<1.0> : tensor<16x32xf16, #tilegpu.mma<warpsM = 1, warpsN = 1>>
  tile.store %t, %y[%i, %c0] {in_bounds = array<i1: true, true>} : tensor<16x32xf16, #tilegpu.mma<warpsM = 1, warpsN = 1>> -> !tile.view<f16, 2>
  return
}
