// RUN: tessera-opt %s -split-input-file -tilegpu-assign-layouts -verify-diagnostics | FileCheck %s --enable-var-scope

// An FA2 inner step after tile-decompose-online-softmax: S = Q·Kᵀ in the mma
// layout, K through a transpose (the stored tile is the B operand), V staged
// as it is, P reused from registers as the A operand, row statistics in the
// row slice.

// CHECK-DAG: #[[$MMA:.*]] = #tilegpu.mma<warpsM = 4, warpsN = 1>
// CHECK-DAG: #[[$ROW:.*]] = #tilegpu.slice<dim = 1, parent = #[[$MMA]]>
// CHECK-DAG: #[[$COL:.*]] = #tilegpu.slice<dim = 0, parent = #[[$MMA]]>
// CHECK-DAG: #[[$SH:.*]] = #tilegpu.shared<transposed = false, swizzle = 128>
// CHECK-DAG: #[[$SHT:.*]] = #tilegpu.shared<transposed = true, swizzle = 128>
// CHECK-LABEL: func.func @fa2_step
func.func @fa2_step(%q: !tile.view<f16, 3>, %k: !tile.view<f16, 3>, %v: !tile.view<f16, 3>,
                    %o: !tile.view<f32, 3>, %i: i32, %n: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %m = arith.constant dense<0xFF800000> : tensor<128xf32>
  // CHECK: tile.load {{.*}} -> tensor<128x64xf16, #[[$SH]]>
  %qt = tile.load %q[%i, %c0, %c0] : !tile.view<f16, 3> -> tensor<128x64xf16>
  // CHECK: tile.load {{.*}} -> tensor<64x64xf16, #[[$SH]]>
  %kt = tile.load %k[%i, %c0, %c0] : !tile.view<f16, 3> -> tensor<64x64xf16>
  // CHECK: tile.load {{.*}} -> tensor<64x64xf16, #[[$SH]]>
  %vt = tile.load %v[%i, %c0, %c0] : !tile.view<f16, 3> -> tensor<64x64xf16>
  // CHECK: tile.trans {{.*}} -> tensor<64x64xf16, #[[$SHT]]>
  %ktt = tile.trans %kt : tensor<64x64xf16> -> tensor<64x64xf16>
  // CHECK: arith.constant dense<0.000000e+00> : tensor<128x64xf32, #[[$MMA]]>
  %zero = arith.constant dense<0.0> : tensor<128x64xf32>
  // CHECK: tile.dot {{.*}} -> tensor<128x64xf32, #[[$MMA]]>
  %s = tile.dot %qt, %ktt, %zero : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
  // Column mask: iota in the column slice, broadcast to the mma layout.
  // CHECK: tile.iota : tensor<64xi32, #[[$COL]]>
  %cols = tile.iota : tensor<64xi32>
  // CHECK: tile.splat {{.*}} -> tensor<64xi32, #[[$COL]]>
  %nn = tile.splat %n : i32 -> tensor<64xi32>
  // CHECK: arith.cmpi slt, {{.*}} : tensor<64xi32, #[[$COL]]>
  %inb = arith.cmpi slt, %cols, %nn : tensor<64xi32>
  // CHECK: tile.expand_dims {{.*}} -> tensor<1x64xi1, #[[$COL]]>
  %inb2 = tile.expand_dims %inb axis 0 : tensor<64xi1> -> tensor<1x64xi1>
  // CHECK: tile.broadcast {{.*}} -> tensor<128x64xi1, #[[$MMA]]>
  %mask = tile.broadcast %inb2 : tensor<1x64xi1> -> tensor<128x64xi1>
  %ninf = arith.constant dense<0xFF800000> : tensor<128x64xf32>
  // CHECK: arith.select {{.*}} : tensor<128x64xi1, #[[$MMA]]>, tensor<128x64xf32, #[[$MMA]]>
  %sm = arith.select %mask, %s, %ninf : tensor<128x64xi1>, tensor<128x64xf32>
  // CHECK: tile.reduce max {{.*}} -> tensor<128xf32, #[[$ROW]]>
  %mx = tile.reduce max %sm axis 1 : tensor<128x64xf32> -> tensor<128xf32>
  // CHECK: arith.maximumf {{.*}} : tensor<128xf32, #[[$ROW]]>
  %mn = arith.maximumf %m, %mx : tensor<128xf32>
  // CHECK: tile.expand_dims {{.*}} -> tensor<128x1xf32, #[[$ROW]]>
  %e = tile.expand_dims %mn axis 1 : tensor<128xf32> -> tensor<128x1xf32>
  // CHECK: tile.broadcast {{.*}} -> tensor<128x64xf32, #[[$MMA]]>
  %b = tile.broadcast %e : tensor<128x1xf32> -> tensor<128x64xf32>
  %d = arith.subf %sm, %b : tensor<128x64xf32>
  %p = math.exp2 %d : tensor<128x64xf32>
  // CHECK: arith.truncf {{.*}} to tensor<128x64xf16, #[[$MMA]]>
  %ph = arith.truncf %p : tensor<128x64xf32> to tensor<128x64xf16>
  %zero2 = arith.constant dense<0.0> : tensor<128x64xf32>
  // CHECK: tile.dot {{.*}} : tensor<128x64xf16, #[[$MMA]]>, tensor<64x64xf16, #[[$SH]]> -> tensor<128x64xf32, #[[$MMA]]>
  %acc = tile.dot %ph, %vt, %zero2 : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
  // CHECK: tile.store {{.*}} : tensor<128x64xf32, #[[$MMA]]>
  tile.store %acc, %o[%i, %c0, %c0] : tensor<128x64xf32> -> !tile.view<f32, 3>
  return
}

// -----

// Loop-carried accumulators keep the mma layout through scf.for.
// CHECK-LABEL: func.func @loop
// CHECK: scf.for {{.*}} -> (tensor<64x64xf32, #mma>)
func.func @loop(%a: !tile.view<f16, 2>, %n: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %init = arith.constant dense<0.0> : tensor<64x64xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<64x64xf32>) : i32 {
    %x = tile.load %a[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %y = tile.load %a[%c0, %i] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %d = tile.dot %x, %y, %acc : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  return
}

// -----

// A computed B operand stays in registers and is converted into shared
// memory at the dot.
// CHECK-LABEL: func.func @b_computed
// CHECK: %[[P:.*]] = arith.truncf {{.*}} to tensor<64x64xf16, #mma>
// CHECK: %[[S:.*]] = tilegpu.convert_layout %[[P]] : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #shared>
// CHECK: tile.dot %{{.*}}, %[[S]], %{{.*}} : tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared> -> tensor<64x64xf32, #mma>
func.func @b_computed(%a: !tile.view<f16, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %c = arith.constant dense<0.0> : tensor<64x64xf32>
  %h = tile.dot %x, %x, %c : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
  %p = arith.truncf %h : tensor<64x64xf32> to tensor<64x64xf16>
  %d = tile.dot %x, %p, %c : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
  return
}

// -----

// A row statistic used as a row vector of another tile: the row slice is
// converted into the column slice at tile.expand_dims.
// CHECK-LABEL: func.func @rows_as_cols
// CHECK: %[[R:.*]] = tile.reduce max {{.*}} -> tensor<64xf32, #rows>
// CHECK: %[[C:.*]] = tilegpu.convert_layout %[[R]] : tensor<64xf32, #rows> -> tensor<64xf32, #cols>
// CHECK: tile.expand_dims %[[C]] axis 0 : tensor<64xf32, #cols> -> tensor<1x64xf32, #cols>
func.func @rows_as_cols(%a: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %c = arith.constant dense<0.0> : tensor<64x64xf32>
  %h = tile.dot %x, %x, %c : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
  %r = tile.reduce max %h axis 1 : tensor<64x64xf32> -> tensor<64xf32>
  %e = tile.expand_dims %r axis 0 : tensor<64xf32> -> tensor<1x64xf32>
  %b = tile.broadcast %e : tensor<1x64xf32> -> tensor<64x64xf32>
  %s = arith.addf %h, %b : tensor<64x64xf32>
  tile.store %s, %o[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  return
}

// -----

// A tile with fewer 16-row fragments than the CTA has warps spreads them
// over as many warps as divide them; the other warps hold copies.
// CHECK-DAG: #[[$MMA2:.*]] = #tilegpu.mma<warpsM = 2, warpsN = 1>
// CHECK-DAG: #[[$MMA1:.*]] = #tilegpu.mma<warpsM = 1, warpsN = 1>
// CHECK-DAG: #[[$ROW2:.*]] = #tilegpu.slice<dim = 1, parent = #[[$MMA2]]>
// CHECK-LABEL: func.func @replicated_rows
// CHECK: tile.dot {{.*}} -> tensor<32x16xf32, #[[$MMA2]]>
// CHECK: tile.reduce max {{.*}} -> tensor<32xf32, #[[$ROW2]]>
// CHECK: tile.dot {{.*}} -> tensor<16x16xf32, #[[$MMA1]]>
func.func @replicated_rows(%a: !tile.view<f16, 2>, %o: !tile.view<f32, 1>, %i: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %x = tile.load %a[%i, %i] : !tile.view<f16, 2> -> tensor<32x16xf16>
  %y = tile.load %a[%i, %i] : !tile.view<f16, 2> -> tensor<16x16xf16>
  %c = arith.constant dense<0.0> : tensor<32x16xf32>
  %d = tile.dot %x, %y, %c : tensor<32x16xf16>, tensor<16x16xf16> -> tensor<32x16xf32>
  %r = tile.reduce max %d axis 1 : tensor<32x16xf32> -> tensor<32xf32>
  tile.store %r, %o[%i] : tensor<32xf32> -> !tile.view<f32, 1>
  %z = tile.load %a[%i, %i] : !tile.view<f16, 2> -> tensor<16x16xf16>
  %c2 = arith.constant dense<0.0> : tensor<16x16xf32>
  %e = tile.dot %z, %y, %c2 : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
  %s = tile.reduce sum %e axis 1 : tensor<16x16xf32> -> tensor<16xf32>
  tile.store %s, %o[%i] : tensor<16xf32> -> !tile.view<f32, 1>
  return
}

// -----

// Each shared tile gets the largest swizzle its stored rows allow: 128 bytes
// (64-column panels, what wgmma descriptors and TMA read) for a multiple of
// 64 columns, else 16 bytes times the largest power of two up to 8 dividing
// the row's 16-byte chunks. A transposed tile is stored as its transpose:
// its stored rows are the columns of the loaded tile.
// CHECK-DAG: #[[$S128:.*]] = #tilegpu.shared<transposed = false, swizzle = 128>
// CHECK-DAG: #[[$S64:.*]] = #tilegpu.shared<transposed = false, swizzle = 64>
// CHECK-DAG: #[[$S32:.*]] = #tilegpu.shared<transposed = false, swizzle = 32>
// CHECK-DAG: #[[$S16:.*]] = #tilegpu.shared<transposed = false, swizzle = 16>
// CHECK-DAG: #[[$T128:.*]] = #tilegpu.shared<transposed = true, swizzle = 128>
// CHECK-DAG: #[[$T32:.*]] = #tilegpu.shared<transposed = true, swizzle = 32>
// CHECK-LABEL: func.func @swizzles
// CHECK: tile.load {{.*}} -> tensor<64x64xf16, #[[$S128]]>
// CHECK: tile.load {{.*}} -> tensor<64x32xf16, #[[$S64]]>
// CHECK: tile.load {{.*}} -> tensor<64x48xf16, #[[$S32]]>
// CHECK: tile.load {{.*}} -> tensor<48x8xf16, #[[$S16]]>
// CHECK: tile.load {{.*}} -> tensor<64x192xf16, #[[$S128]]>
// CHECK: tile.load {{.*}} -> tensor<16x192xf16, #[[$S128]]>
// CHECK: tile.trans {{.*}} -> tensor<192x16xf16, #[[$T128]]>
// CHECK: tile.load {{.*}} -> tensor<32x48xf16, #[[$S32]]>
// CHECK: tile.trans {{.*}} -> tensor<48x32xf16, #[[$T32]]>
func.func @swizzles(%a: !tile.view<f16, 2>, %i: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %x64 = tile.load %a[%i, %i] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %x32 = tile.load %a[%i, %i] : !tile.view<f16, 2> -> tensor<64x32xf16>
  %z32 = arith.constant dense<0.0> : tensor<64x32xf32>
  %d1 = tile.dot %x64, %x32, %z32 : tensor<64x64xf16>, tensor<64x32xf16> -> tensor<64x32xf32>
  %x48 = tile.load %a[%i, %i] : !tile.view<f16, 2> -> tensor<64x48xf16>
  %x8 = tile.load %a[%i, %i] : !tile.view<f16, 2> -> tensor<48x8xf16>
  %z8 = arith.constant dense<0.0> : tensor<64x8xf32>
  %d2 = tile.dot %x48, %x8, %z8 : tensor<64x48xf16>, tensor<48x8xf16> -> tensor<64x8xf32>
  %x192 = tile.load %a[%i, %i] : !tile.view<f16, 2> -> tensor<64x192xf16>
  %k = tile.load %a[%i, %i] : !tile.view<f16, 2> -> tensor<16x192xf16>
  %kt = tile.trans %k : tensor<16x192xf16> -> tensor<192x16xf16>
  %z16 = arith.constant dense<0.0> : tensor<64x16xf32>
  %d3 = tile.dot %x192, %kt, %z16 : tensor<64x192xf16>, tensor<192x16xf16> -> tensor<64x16xf32>
  %v = tile.load %a[%i, %i] : !tile.view<f16, 2> -> tensor<32x48xf16>
  %vt = tile.trans %v : tensor<32x48xf16> -> tensor<48x32xf16>
  %d4 = tile.dot %x48, %vt, %z32 : tensor<64x48xf16>, tensor<48x32xf16> -> tensor<64x32xf32>
  return
}

// -----

// Operands computed in registers and transposed (FlashAttention's backward
// written as P^T dO): the transpose of a register tile takes the layout its
// use wants, the accumulator's for an A operand (here the 32-row mma layout
// of the second dot), and a B operand is then staged into shared memory at
// the dot like any computed B; the transposes' sources keep their own
// layouts (the first dot's accumulator, a blocked load).
// CHECK-DAG: #[[$X:.*]] = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[$XT:.*]] = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[$M64:.*]] = #tilegpu.mma<warpsM = 4, warpsN = 1>
// CHECK-DAG: #[[$M32:.*]] = #tilegpu.mma<warpsM = 2, warpsN = 1>
// CHECK-DAG: #[[$SH:.*]] = #tilegpu.shared<transposed = false, swizzle = 64>
// CHECK-LABEL: func.func @computed_transposed_operands
// CHECK: %[[B:.*]] = tile.trans %{{.*}} : tensor<32x32xf16, #[[$X]]> -> tensor<32x32xf16, #[[$XT]]>
// CHECK: %[[BS:.*]] = tilegpu.convert_layout %[[B]] : tensor<32x32xf16, #[[$XT]]> -> tensor<32x32xf16, #[[$SH]]>
// CHECK: tile.dot %{{.*}}, %[[BS]], %{{.*}} : tensor<64x32xf16, #[[$SH]]>, tensor<32x32xf16, #[[$SH]]> -> tensor<64x32xf32, #[[$M64]]>
// CHECK: %[[AT:.*]] = tile.trans %{{.*}} : tensor<64x32xf16, #[[$M64]]> -> tensor<32x64xf16, #[[$M32]]>
// CHECK: tile.dot %[[AT]], %{{.*}} : tensor<32x64xf16, #[[$M32]]>, tensor<64x32xf16, #[[$SH]]> -> tensor<32x32xf32, #[[$M32]]>
func.func @computed_transposed_operands(%q: !tile.view<f16, 2>, %x: !tile.view<f32, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %a = tile.load %q[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x32xf16>
  %xf = tile.load %x[%c0, %c0] : !tile.view<f32, 2> -> tensor<32x32xf32>
  %xh = arith.truncf %xf : tensor<32x32xf32> to tensor<32x32xf16>
  %b = tile.trans %xh : tensor<32x32xf16> -> tensor<32x32xf16>
  %z = arith.constant dense<0.0> : tensor<64x32xf32>
  %d = tile.dot %a, %b, %z : tensor<64x32xf16>, tensor<32x32xf16> -> tensor<64x32xf32>
  %dh = arith.truncf %d : tensor<64x32xf32> to tensor<64x32xf16>
  %at = tile.trans %dh : tensor<64x32xf16> -> tensor<32x64xf16>
  %a2 = tile.load %q[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x32xf16>
  %z2 = arith.constant dense<0.0> : tensor<32x32xf32>
  %e = tile.dot %at, %a2, %z2 : tensor<32x64xf16>, tensor<64x32xf16> -> tensor<32x32xf32>
  tile.store %e, %o[%c0, %c0] : tensor<32x32xf32> -> !tile.view<f32, 2>
  return
}

// -----

// Dot operands the kernel also computes with, reduces and stores: the loads
// keep the shared layout the dot needs, and each other use takes a
// tilegpu.convert_layout out of shared memory into the register layout it
// needs (the accumulator's where the value meets the dot's result, blocked
// for a reduction and a store); no shared layout reaches an arith op.
// CHECK-DAG: #[[$B:.*]] = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[$M:.*]] = #tilegpu.mma<warpsM = 4, warpsN = 1>
// CHECK-DAG: #[[$S:.*]] = #tilegpu.shared<transposed = false, swizzle = 128>
// CHECK-LABEL: func.func @shared_operands_in_registers
// CHECK: %[[A:.*]] = tile.load {{.*}} -> tensor<64x64xf16, #[[$S]]>
// CHECK: %[[W:.*]] = tile.load {{.*}} -> tensor<64x64xf16, #[[$S]]>
// CHECK: tile.dot %[[A]], %[[W]]
// CHECK: %[[AR:.*]] = tilegpu.convert_layout %[[A]] : tensor<64x64xf16, #[[$S]]> -> tensor<64x64xf16, #[[$M]]>
// CHECK: arith.extf %[[AR]] : tensor<64x64xf16, #[[$M]]> to tensor<64x64xf32, #[[$M]]>
// CHECK: %[[WR:.*]] = tilegpu.convert_layout %[[W]] : tensor<64x64xf16, #[[$S]]> -> tensor<64x64xf16, #[[$B]]>
// CHECK: tile.reduce max %[[WR]] axis 0 : tensor<64x64xf16, #[[$B]]>
// CHECK: %[[WS:.*]] = tilegpu.convert_layout %[[W]] : tensor<64x64xf16, #[[$S]]> -> tensor<64x64xf16, #[[$B]]>
// CHECK: tile.store %[[WS]], {{.*}} : tensor<64x64xf16, #[[$B]]>
func.func @shared_operands_in_registers(%x: !tile.view<f16, 2>, %w: !tile.view<f16, 2>, %o: !tile.view<f32, 2>, %s: !tile.view<f32, 1>, %y: !tile.view<f16, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %a = tile.load %x[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %b = tile.load %w[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %z = arith.constant dense<0.0> : tensor<64x64xf32>
  %d = tile.dot %a, %b, %z : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
  %af = arith.extf %a : tensor<64x64xf16> to tensor<64x64xf32>
  %sq = arith.mulf %af, %af : tensor<64x64xf32>
  %r = arith.addf %d, %sq : tensor<64x64xf32>
  tile.store %r, %o[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  %m = tile.reduce max %b axis 0 : tensor<64x64xf16> -> tensor<64xf16>
  %mf = arith.extf %m : tensor<64xf16> to tensor<64xf32>
  tile.store %mf, %s[%c0] : tensor<64xf32> -> !tile.view<f32, 1>
  tile.store %b, %y[%c0, %c0] : tensor<64x64xf16> -> !tile.view<f16, 2>
  return
}

// -----

// The rows of a dot that are not whole mma fragments cannot be laid out.
func.func @partial_fragment(%a: !tile.view<f16, 2>, %o: !tile.view<f32, 2>, %i: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %x = tile.load %a[%i, %i] : !tile.view<f16, 2> -> tensor<8x16xf16>
  %y = tile.load %a[%i, %i] : !tile.view<f16, 2> -> tensor<16x16xf16>
  %c = arith.constant dense<0.0> : tensor<8x16xf32>
  // expected-error @+1 {{expected the rows of 'tensor<8x16xf32>' to be a multiple of 16 (the height of an mma fragment), got 8}}
  %d = tile.dot %x, %y, %c : tensor<8x16xf16>, tensor<16x16xf16> -> tensor<8x16xf32>
  tile.store %d, %o[%i, %i] : tensor<8x16xf32> -> !tile.view<f32, 2>
  return
}
