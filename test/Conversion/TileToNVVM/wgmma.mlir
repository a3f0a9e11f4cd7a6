// RUN: tessera-opt %s -split-input-file -tilegpu-assign-layouts -tessera-attach-target -tilegpu-allocate-shared -tilegpu-select-mma=wgmma -convert-tile-to-nvvm -canonicalize -cse | FileCheck %s --enable-var-scope

// Q·K^T on sm_90a: the shared loads publish their copies to the async proxy
// (fence.proxy.async before the barrier). Both operands are read through
// descriptors: the encoded address ((address & 0x3FFFF) >> 4), 128-byte
// swizzle, 1024 bytes between 8-row groups (64 << 32), leading offset 1
// (1 << 16); Q's starts at the warpgroup's 64 rows (warp / 4 * 8192 bytes).
// K is stored [N][K] (K-major). Each k step of 16 columns moves both starts
// by 32 bytes (2 encoded). One wgmma per k step, imm-trans-a/b 0; the zero
// accumulator is not read: scale-d is 0 on the first step. Then commit and
// a wait that takes the accumulators.
// CHECK-LABEL: llvm.func @qk
// CHECK-DAG: %[[CONST:.*]] = arith.constant 4611686293305360384 : i64
// CHECK-DAG: %[[MASK:.*]] = arith.constant 262143 : i64
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[WG_BYTES:.*]] = arith.constant 8192 : i64
// CHECK: nvvm.cp.async.wait.group 0
// CHECK-NEXT: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: nvvm.barrier0
// CHECK: %[[KADDR:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr<3> to i64
// CHECK: %[[KMASKED:.*]] = arith.andi %[[KADDR]], %[[MASK]] : i64
// CHECK: %[[KENC:.*]] = arith.shrui %[[KMASKED]], %{{.*}} : i64
// CHECK: %[[K0:.*]] = arith.ori %[[KENC]], %[[CONST]] : i64
// CHECK: %[[WG:.*]] = arith.divui %{{.*}}, %c4_i32 : i32
// CHECK: %[[WG64:.*]] = arith.extui %[[WG]] : i32 to i64
// CHECK: %[[WGOFF:.*]] = arith.muli %[[WG64]], %[[WG_BYTES]] : i64
// CHECK: %[[QADDR:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr<3> to i64
// CHECK: %[[QROWS:.*]] = arith.addi %[[QADDR]], %[[WGOFF]] : i64
// CHECK: %[[QMASKED:.*]] = arith.andi %[[QROWS]], %[[MASK]] : i64
// CHECK: %[[QENC:.*]] = arith.shrui %[[QMASKED]], %{{.*}} : i64
// CHECK: %[[Q0:.*]] = arith.ori %[[QENC]], %[[CONST]] : i64
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "{\0A.reg .pred p;\0Asetp.ne.b32 p, $34, 0;\0Awgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0, {{.*}}, $31}, $32, $33, p, 1, 1, 0, 0;\0A}", "=f,{{(=f,)+}}l,l,r,0,1,{{.*}},31" %[[Q0]], %[[K0]], %[[ZERO]],
// CHECK: %[[K1:.*]] = arith.addi %[[K0]], %c2_i64 : i64
// CHECK: %[[Q1:.*]] = arith.addi %[[Q0]], %c2_i64 : i64
// CHECK: llvm.inline_asm {{.*}} %[[Q1]], %[[K1]], %[[ONE]],
// CHECK: %[[K2:.*]] = arith.addi %[[K0]], %c4_i64 : i64
// CHECK: %[[Q2:.*]] = arith.addi %[[Q0]], %c4_i64 : i64
// CHECK: llvm.inline_asm {{.*}} %[[Q2]], %[[K2]], %[[ONE]],
// CHECK: %[[K3:.*]] = arith.addi %[[K0]], %c6_i64 : i64
// CHECK: %[[Q3:.*]] = arith.addi %[[Q0]], %c6_i64 : i64
// CHECK: llvm.inline_asm {{.*}} %[[Q3]], %[[K3]], %[[ONE]],
// CHECK-NOT: wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.wait_group.sync.aligned 0;", "=f,{{(=f,)+}}0,1,{{.*}},31"
// CHECK-NOT: nvgpu.mma.sync
// CHECK-NOT: nvvm.ldmatrix
func.func @qk(%q: !tile.view<f16, 2>, %k: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %a = tile.load %q[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %kk = tile.load %k[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %kt = tile.trans %kk : tensor<64x64xf16> -> tensor<64x64xf16>
  %z = arith.constant dense<0.0> : tensor<64x64xf32>
  %d = tile.dot %a, %kt, %z : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
  tile.store %d, %o[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  return
}

// -----

// P·V: V stored [K][N] with N = 128 is N-major (imm-trans-b 1), kept as two
// 64-column panels of 64 rows × 128 bytes: the leading offset is the panel
// stride, 8192 bytes (512 << 16); a k step is 16 rows, 2048 bytes (128
// encoded). All 128 columns in one m64n128k16 (64 accumulators per thread);
// the A operand in registers is repacked, no ldmatrix.
// CHECK-LABEL: llvm.func @pv
// CHECK: arith.constant 4611686293338849280 : i64
// CHECK: %[[V0:.*]] = arith.ori %{{.*}}, %{{.*}} : i64
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-NOT: nvvm.ldmatrix
// CHECK: llvm.inline_asm has_side_effects {{.*}}wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {$0, {{.*}}, $63}, {$64, $65, $66, $67}, $68, p, 1, 1, 1;{{.*}}"=f,{{(=f,)+}}r,r,r,r,l,r,0,{{.*}}, %[[V0]],
// CHECK: %[[V1:.*]] = arith.addi %[[V0]], %c128_i64 : i64
// CHECK: llvm.inline_asm {{.*}}, %[[V1]],
// CHECK: %[[V2:.*]] = arith.addi %[[V0]], %c256_i64 : i64
// CHECK: llvm.inline_asm {{.*}}, %[[V2]],
// CHECK: %[[V3:.*]] = arith.addi %[[V0]], %c384_i64 : i64
// CHECK: llvm.inline_asm {{.*}}, %[[V3]],
// CHECK: nvvm.wgmma.commit.group.sync.aligned
func.func @pv(%v: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %p = arith.constant dense<1.0> : tensor<64x64xf16>
  %vv = tile.load %v[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x128xf16>
  %z = arith.constant dense<0.0> : tensor<64x128xf32>
  %d = tile.dot %p, %vv, %z : tensor<64x64xf16>, tensor<64x128xf16> -> tensor<64x128xf32>
  tile.store %d, %o[%c0, %c0] : tensor<64x128xf32> -> !tile.view<f32, 2>
  return
}

// -----

// Two m-fragments per warp (128 rows, 4 warps): fragment 1 of every warp
// is the next 64 rows (A's descriptor + 8192 bytes, 512 encoded), one wgmma
// each per k step.
// CHECK-LABEL: llvm.func @two_fragments
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-NEXT: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16{{.*}}" %[[A0:[0-9]+]], %[[B0:[0-9]+]],
// CHECK: %[[A1:.*]] = arith.addi %[[A0]], %c512_i64 : i64
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16{{.*}}" %[[A1]], %[[B0]],
// CHECK-COUNT-6: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK-NOT: wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.wait_group.sync.aligned 0;", "=f,{{(=f,)+}}0,1,{{.*}},63"
func.func @two_fragments(%q: !tile.view<f16, 2>, %k: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %a = tile.load %q[%c0, %c0] : !tile.view<f16, 2> -> tensor<128x64xf16>
  %kk = tile.load %k[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %kt = tile.trans %kk : tensor<64x64xf16> -> tensor<64x64xf16>
  %z = arith.constant dense<0.0> : tensor<128x64xf32>
  %d = tile.dot %a, %kt, %z : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
  tile.store %d, %o[%c0, %c0] : tensor<128x64xf32> -> !tile.view<f32, 2>
  return
}

// -----

// An A tile in shared memory that is not panelled (32 columns) is loaded
// into registers with ldmatrix (the mma.m16n8k16 A fragment is wgmma's);
// B (V-like, [K][N] with 64 columns) still goes through its descriptor.
// CHECK-LABEL: llvm.func @a_in_registers
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: nvvm.ldmatrix {{.*}}layout = #nvvm.mma_layout<row>
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0, {{.*}}, $31}, {$32, $33, $34, $35}, $36, p, 1, 1, 1;
// CHECK: nvvm.ldmatrix {{.*}}layout = #nvvm.mma_layout<row>
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK-NOT: wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
func.func @a_in_registers(%x: !tile.view<f16, 2>, %v: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %a = tile.load %x[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x32xf16>
  %vv = tile.load %v[%c0, %c0] : !tile.view<f16, 2> -> tensor<32x64xf16>
  %z = arith.constant dense<0.0> : tensor<64x64xf32>
  %d = tile.dot %a, %vv, %z : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
  tile.store %d, %o[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  return
}

// -----

// Where wgmma cannot read B (rows of 32 columns get a 64-byte swizzle, not the
// 128-byte one it reads) or fewer than 4 warps share the rows, the dot stays mma.sync,
// (the loads still fence the async proxy: they do not know their readers).
// CHECK-LABEL: llvm.func @narrow
// CHECK-NOT: wgmma
// CHECK: nvgpu.mma.sync
// CHECK-NOT: wgmma
// CHECK-LABEL: llvm.func @one_warp
// CHECK-NOT: wgmma
// CHECK: nvgpu.mma.sync
// CHECK-NOT: wgmma
func.func @narrow(%q: !tile.view<f16, 2>, %k: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %a = tile.load %q[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x32xf16>
  %kk = tile.load %k[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x32xf16>
  %kt = tile.trans %kk : tensor<64x32xf16> -> tensor<32x64xf16>
  %z = arith.constant dense<0.0> : tensor<64x64xf32>
  %d = tile.dot %a, %kt, %z : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
  tile.store %d, %o[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  return
}
func.func @one_warp(%q: !tile.view<f16, 2>, %k: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %a = tile.load %q[%c0, %c0] : !tile.view<f16, 2> -> tensor<16x64xf16>
  %kk = tile.load %k[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %kt = tile.trans %kk : tensor<64x64xf16> -> tensor<64x64xf16>
  %z = arith.constant dense<0.0> : tensor<16x64xf32>
  %d = tile.dot %a, %kt, %z : tensor<16x64xf16>, tensor<64x64xf16> -> tensor<16x64xf32>
  tile.store %d, %o[%c0, %c0] : tensor<16x64xf32> -> !tile.view<f32, 2>
  return
}
