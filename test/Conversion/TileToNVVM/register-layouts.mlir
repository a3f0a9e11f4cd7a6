// RUN: tessera-opt %s -split-input-file -tessera-attach-target=chip=sm_80 -tilegpu-allocate-shared -convert-tile-to-nvvm -cse | FileCheck %s --enable-var-scope

// Register layouts given by hand (tilegpu-assign-layouts chooses them in the
// other tests): what the lowering makes of each slot, vector and copy.

// A dot's tile with fewer row fragments than the CTA has warps (32 rows, 4
// warps: mma<warpsM = 2>) is replicated: warp w holds the rows of warp
// w % 2, and only the first copy (warps 0 and 1) stores.
// CHECK-LABEL: llvm.func @replicated
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[WARP:.*]] = arith.divui %[[TID]], %{{.*}} : i32
// CHECK: %[[IN:.*]] = arith.remui %[[WARP]], %[[C2:.*]] : i32
// CHECK: arith.muli %[[IN]], %{{.*}} : i32
// CHECK: %[[FIRST:.*]] = arith.cmpi ult, %[[WARP]], %[[C2]] : i32
// CHECK: %[[STORE:.*]] = arith.andi %[[FIRST]], %{{.*}} : i1
// CHECK: scf.if %[[STORE]] {
// CHECK-NEXT: llvm.store
func.func @replicated(%o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c = arith.constant dense<1.0> : tensor<32x16xf32, #tilegpu.mma<warpsM = 2, warpsN = 1>>
  tile.store %c, %o[%c0, %c0] : tensor<32x16xf32, #tilegpu.mma<warpsM = 2, warpsN = 1>> -> !tile.view<f32, 2>
  return
}

// -----

// A blocked f16 tile with 8 adjacent elements a thread at an aligned start
// column moves each run with one 16-byte access, predicated on the whole run
// being inside the view (PTX `@p ld`/`@p st`: no branch around it; a run not
// loaded keeps the padding, tied to the load's registers); the runs partly
// inside (across a ragged row's end) then move element by element in one
// branch after all of the tile's vector accesses. The manifest asks for 16
// bytes of alignment of both tensors. An element is inside the view when
// its index is below the size as an unsigned number: one compare (a
// negative index wraps past it).
// CHECK-LABEL: llvm.func @vector_copy
// CHECK-SAME: tilegpu.params = [#tilegpu.param<{{[^>]*}}align = 16>, #tilegpu.param<{{[^>]*}}align = 16>
// CHECK: %[[ROWS:.*]] = llvm.extractvalue %{{.*}}[1, 0]
// CHECK-NEXT: arith.cmpi ult, %{{.*}}, %[[ROWS]] : i64
// CHECK-NOT: arith.cmpi {{sge|slt}}
// CHECK-NOT: !llvm.ptr<1> -> vector
// CHECK: %[[PAD:.*]] = llvm.bitcast %{{.*}} : vector<8xf16> to vector<4xi32>
// CHECK: %[[P0:.*]] = vector.extract %[[PAD]][0]
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "@$5 ld.global.v4.b32 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,l,b,0,1,2,3" %{{.*}}, %{{.*}}, %[[P0]], %{{.*}}, %{{.*}}, %{{.*}} : (!llvm.ptr<1>, i1, i32, i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK: %[[LOADED:.*]] = llvm.bitcast %{{.*}} : vector<4xi32> to vector<8xf16>
// CHECK-NEXT: scf.if %{{.*}} -> (vector<8xf16>) {
// CHECK-COUNT-8: llvm.load %{{.*}} : !llvm.ptr<1> -> f16
// CHECK: } else {
// CHECK-NEXT: scf.yield %[[LOADED]] : vector<8xf16>
// CHECK-NOT: !llvm.ptr<1> -> vector
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "@$1 st.global.v4.b32 [$0], {$2, $3, $4, $5};", "l,b,r,r,r,r"
// CHECK-NEXT: %[[TAIL:.*]] = arith.andi
// CHECK-NEXT: scf.if %[[TAIL]] {
// CHECK-COUNT-8: llvm.store %{{.*}}, %{{.*}} : f16, !llvm.ptr<1>
// CHECK-NOT: vector<8xf16>, !llvm.ptr<1>
#b8 = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>
func.func @vector_copy(%x: !tile.view<f16, 2>, %y: !tile.view<f16, 2>, %i: i32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%i, %c0] : !tile.view<f16, 2> -> tensor<4x64xf16, #b8>
  tile.store %t, %y[%i, %c0] : tensor<4x64xf16, #b8> -> !tile.view<f16, 2>
  return
}

// -----

// The same copy known to lie inside both views (tilegpu-version-in-bounds'
// in_bounds on every dimension): no compare, each run one unpredicated
// 16-byte access, and no element-wise tail.
// CHECK-LABEL: llvm.func @in_bounds_copy
// CHECK-NOT: arith.cmpi
// CHECK-NOT: scf.if
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "ld.global.v4.b32 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,l" %{{.*}} : (!llvm.ptr<1>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-NOT: arith.cmpi
// CHECK-NOT: scf.if
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "st.global.v4.b32 [$0], {$1, $2, $3, $4};", "l,r,r,r,r"
// CHECK-NOT: arith.cmpi
// CHECK-NOT: llvm.store
// CHECK: llvm.return
#b8 = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>
func.func @in_bounds_copy(%x: !tile.view<f16, 2>, %y: !tile.view<f16, 2>, %i: i32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%i, %c0] {in_bounds = array<i1: true, true>} : !tile.view<f16, 2> -> tensor<4x64xf16, #b8>
  tile.store %t, %y[%i, %c0] {in_bounds = array<i1: true, true>} : tensor<4x64xf16, #b8> -> !tile.view<f16, 2>
  return
}

// -----

// Rows known inside, columns not: the columns' compare alone.
// CHECK-LABEL: llvm.func @in_bounds_rows
// CHECK: %[[COLS:.*]] = llvm.extractvalue %{{.*}}[1, 1]
// CHECK-NEXT: arith.cmpi ult, %{{.*}}, %[[COLS]] : i64
// CHECK-NOT: llvm.extractvalue %{{.*}}[1, 0]
// CHECK: "@$5 ld.global.v4.b32
#b8 = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>
func.func @in_bounds_rows(%x: !tile.view<f16, 2>, %y: !tile.view<f16, 2>, %i: i32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%i, %c0] {in_bounds = array<i1: true, false>} : !tile.view<f16, 2> -> tensor<4x64xf16, #b8>
  tile.store %t, %y[%i, %c0] {in_bounds = array<i1: true, true>} : tensor<4x64xf16, #b8> -> !tile.view<f16, 2>
  return
}

// -----

// A start column the compiler cannot prove aligned is read an element at a
// time; a start column of 4 (8 bytes) allows 8-byte accesses of 4 elements.
// CHECK-LABEL: llvm.func @unaligned_start
// CHECK-SAME: tilegpu.params = [#tilegpu.param<{{[^>]*}}align = 2>, #tilegpu.param<{{[^>]*}}align = 8>
// CHECK-NOT: ld.global.v
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "@$1 st.global.v2.b32 [$0], {$2, $3};", "l,b,r,r"
#b8 = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>
func.func @unaligned_start(%x: !tile.view<f16, 2>, %y: !tile.view<f16, 2>, %i: i32, %j: i32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c4 = arith.constant 4 : i32
  %t = tile.load %x[%i, %j] : !tile.view<f16, 2> -> tensor<4x64xf16, #b8>
  tile.store %t, %y[%i, %c4] : tensor<4x64xf16, #b8> -> !tile.view<f16, 2>
  return
}

// -----

// A row sum across 4 warps: each thread adds its 4 slots, the 32 lanes
// exchange partials (shfl.bfly 1 ... 16), lane 0 of each warp writes its
// partial to the reduction's scratch, and after one barrier every thread
// adds the 4 partials. The scratch is the reduction's own and it runs once,
// so nothing before it needs to wait (in a loop, below, it waits for its
// previous iteration's readers). The row vector is stored by the thread at
// column position 0.
// CHECK-LABEL: llvm.func @row_sum_across_warps
// CHECK-SAME: tilegpu.shared_bytes = 16 : i64
// CHECK: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %c1_i32, %{{.*}} : f32 -> f32
// CHECK: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %c16_i32, %{{.*}} : f32 -> f32
// CHECK-NOT: nvvm.barrier0
// CHECK: scf.if
// CHECK-NEXT: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: scf.if
// CHECK-NEXT: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<1>
#b = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
#rows = #tilegpu.slice<dim = 1, parent = #b>
func.func @row_sum_across_warps(%x: !tile.view<f32, 2>, %o: !tile.view<f32, 1>, %i: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%i, %c0] : !tile.view<f32, 2> -> tensor<1x512xf32, #b>
  %s = tile.reduce sum %t axis 1 : tensor<1x512xf32, #b> -> tensor<1xf32, #rows>
  tile.store %s, %o[%i] : tensor<1xf32, #rows> -> !tile.view<f32, 1>
  return
}

// -----

// A column max: the lanes along the rows are 4 apart (order [1, 0] with 4
// lanes along the columns), so the butterflies are 4, 8 and 16; one warp
// needs no scratch.
// CHECK-LABEL: llvm.func @column_max
// CHECK-SAME: tilegpu.shared_bytes = 0 : i64
// CHECK-NOT: %c1_i32, %{{.*}} : f32 -> f32
// CHECK: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %c4_i32, %{{.*}} : f32 -> f32
// CHECK-NEXT: arith.maximumf
// CHECK: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %c8_i32, %{{.*}} : f32 -> f32
// CHECK: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %c16_i32, %{{.*}} : f32 -> f32
// CHECK-NOT: nvvm.barrier0
#b = #tilegpu.blocked<sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>
#cols = #tilegpu.slice<dim = 0, parent = #b>
func.func @column_max(%x: !tile.view<f32, 2>, %o: !tile.view<f32, 1>, %i: i32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%c0, %c0] : !tile.view<f32, 2> -> tensor<64x8xf32, #b>
  %s = tile.reduce max %t axis 0 : tensor<64x8xf32, #b> -> tensor<8xf32, #cols>
  tile.store %s, %o[%c0] : tensor<8xf32, #cols> -> !tile.view<f32, 1>
  return
}

// -----

// A thread's own 16 values of a sum go into four interleaved chains of
// contractible adds (ptxas fuses the squares into them: one FMA a value),
// then the four chains pairwise; a max keeps the pairwise tree.
// CHECK-LABEL: llvm.func @sum_of_squares
// CHECK: %[[SQ:.*]] = arith.mulf %{{.*}}, %{{.*}} fastmath<contract> : vector<16xf32>
// CHECK: %[[E0:.*]] = vector.extract %[[SQ]][0] : f32 from vector<16xf32>
// CHECK: %[[E4:.*]] = vector.extract %[[SQ]][4] : f32 from vector<16xf32>
// CHECK: %[[E8:.*]] = vector.extract %[[SQ]][8] : f32 from vector<16xf32>
// CHECK: %[[C0:.*]] = arith.addf %[[E0]], %[[E4]] fastmath<contract> : f32
// CHECK-COUNT-3: arith.addf {{.*}} fastmath<contract> : f32
// CHECK-NEXT: arith.addf %[[C0]], %[[E8]] fastmath<contract> : f32
// CHECK-COUNT-7: arith.addf {{.*}} fastmath<contract> : f32
// CHECK-NEXT: %[[P01:.*]] = arith.addf %{{.*}}, %{{.*}} : f32
// CHECK-NEXT: %[[P23:.*]] = arith.addf %{{.*}}, %{{.*}} : f32
// CHECK-NEXT: arith.addf %[[P01]], %[[P23]] : f32
// CHECK: nvvm.shfl.sync bfly
// CHECK: arith.maximumf
// CHECK-NOT: fastmath<contract> : f32
// CHECK: nvvm.shfl.sync bfly
#b = #tilegpu.blocked<sizePerThread = [1, 16], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]>
#rows = #tilegpu.slice<dim = 1, parent = #b>
func.func @sum_of_squares(%x: !tile.view<f32, 2>, %o: !tile.view<f32, 1>, %p: !tile.view<f32, 1>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%c0, %c0] : !tile.view<f32, 2> -> tensor<1x512xf32, #b>
  %sq = arith.mulf %t, %t : tensor<1x512xf32, #b>
  %s = tile.reduce sum %sq axis 1 : tensor<1x512xf32, #b> -> tensor<1xf32, #rows>
  tile.store %s, %o[%c0] : tensor<1xf32, #rows> -> !tile.view<f32, 1>
  %m = tile.reduce max %t axis 1 : tensor<1x512xf32, #b> -> tensor<1xf32, #rows>
  tile.store %m, %p[%c0] : tensor<1xf32, #rows> -> !tile.view<f32, 1>
  return
}

// -----

// A 16-column row on 32 lanes: lanes 16 ... 31 hold copies, which add the
// identity (0) instead of their element.
// CHECK-LABEL: llvm.func @copies_contribute_nothing
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[DISTINCT:.*]] = arith.cmpi ult, %{{.*}}, %c16_i32 : i32
// CHECK: %[[MINE:.*]] = arith.select %[[DISTINCT]], %{{.*}}, %[[ZERO]] : f32
// CHECK: nvvm.shfl.sync bfly %{{.*}}, %[[MINE]], %c1_i32, %{{.*}} : f32 -> f32
#b = #tilegpu.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]>
#rows = #tilegpu.slice<dim = 1, parent = #b>
func.func @copies_contribute_nothing(%x: !tile.view<f32, 2>, %o: !tile.view<f32, 1>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%c0, %c0] : !tile.view<f32, 2> -> tensor<1x16xf32, #b>
  %s = tile.reduce sum %t axis 1 : tensor<1x16xf32, #b> -> tensor<1xf32, #rows>
  tile.store %s, %o[%c0] : tensor<1xf32, #rows> -> !tile.view<f32, 1>
  return
}

// -----

// A vector of a blocked layout's columns (a weight broadcast over the rows)
// holds the parent's 8 adjacent columns a thread: one 16-byte load.
// CHECK-LABEL: llvm.func @column_vector
// CHECK-SAME: tilegpu.params = [#tilegpu.param<{{[^>]*}}align = 16>
// CHECK: "@$5 ld.global.v4.b32 {$0, $1, $2, $3}, [$4];"
#b = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
#cols = #tilegpu.slice<dim = 0, parent = #b>
func.func @column_vector(%w: !tile.view<f16, 1>, %o: !tile.view<f16, 2>, %i: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %v = tile.load %w[%c0] : !tile.view<f16, 1> -> tensor<1024xf16, #cols>
  %e = tile.expand_dims %v axis 0 : tensor<1024xf16, #cols> -> tensor<1x1024xf16, #b>
  tile.store %e, %o[%i, %c0] : tensor<1x1024xf16, #b> -> !tile.view<f16, 2>
  return
}

// -----

// A tile program is one sequence of tile ops; on the GPU each element is
// accessed by the thread its layout names. A load in a layout that hands the
// stored elements to other threads waits for the store at a CTA barrier,
// hoisted out of the loop that holds no store (FA1's final pass); a row
// vector of an mma tile reloaded where it was stored (copies in the lanes of
// one quad) needs only bar.warp.sync, in the loop.
// CHECK-LABEL: llvm.func @store_then_reload
// CHECK: nvvm.barrier0
// CHECK: scf.for
// CHECK-NOT: nvvm.barrier0
// CHECK: scf.for
// CHECK: nvvm.bar.warp.sync
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#mma = #tilegpu.mma<warpsM = 1, warpsN = 1>
#rows = #tilegpu.slice<dim = 1, parent = #mma>
#b = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>
func.func @store_then_reload(%v: !tile.view<f32, 2>, %o: !tile.view<f32, 2>, %l: !tile.view<f32, 1>, %n: i32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c = arith.constant dense<1.0> : tensor<16x16xf32, #mma>
  tile.store %c, %v[%c0, %c0] : tensor<16x16xf32, #mma> -> !tile.view<f32, 2>
  scf.for %i = %c0 to %n step %c1 : i32 {
    %t = tile.load %v[%c0, %c0] : !tile.view<f32, 2> -> tensor<16x16xf32, #b>
    tile.store %t, %o[%i, %c0] : tensor<16x16xf32, #b> -> !tile.view<f32, 2>
  }
  scf.for %i = %c0 to %n step %c1 : i32 {
    %r = tile.load %l[%c0] : !tile.view<f32, 1> -> tensor<16xf32, #rows>
    tile.store %r, %l[%c0] : tensor<16xf32, #rows> -> !tile.view<f32, 1>
  }
  return
}

// -----

// Between a blocked and an mma tile, a conversion goes through its shared
// scratch: every thread writes its slots row-major (after a barrier for the
// scratch's earlier readers), the CTA synchronizes, every thread reads the
// slots of the other layout.
// CHECK-LABEL: llvm.func @blocked_to_mma
// CHECK-SAME: tilegpu.shared_bytes = 4096 : i64
// CHECK: nvvm.barrier0
// CHECK-COUNT-8: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-8: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
#b = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
func.func @blocked_to_mma(%x: !tile.view<f32, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%c0, %c0] : !tile.view<f32, 2> -> tensor<64x16xf32, #b>
  %m = tilegpu.convert_layout %t : tensor<64x16xf32, #b> -> tensor<64x16xf32, #mma>
  tile.store %m, %o[%c0, %c0] : tensor<64x16xf32, #mma> -> !tile.view<f32, 2>
  return
}

// -----

// tile.trans of a register tile goes through its shared scratch: the source
// written row-major with rows padded by a word (16 x 17 f32: 1088 bytes, so
// that a warp's column reads fall in different banks), the CTA
// synchronizes, and each slot of the result, element (r, c), reads the
// source's (c, r): slot s at (row base, column base + s) is written at
// ROW * 17 + COL + s and read at (COL + s) * 17 + ROW.
// CHECK-LABEL: llvm.func @trans_registers
// CHECK-SAME: tilegpu.shared_bytes = 1088 : i64
// CHECK: nvvm.barrier0
// CHECK: %[[W:.*]] = arith.muli %[[ROW:.*]], %c17_i32 : i32
// CHECK-NEXT: %[[W0:.*]] = arith.addi %[[W]], %[[COL:.*]] : i32
// CHECK-NEXT: llvm.getelementptr %{{.*}}[%[[W0]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK-COUNT-8: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: %[[R:.*]] = arith.muli %[[COL]], %c17_i32 : i32
// CHECK-NEXT: %[[R0:.*]] = arith.addi %[[R]], %[[ROW]] : i32
// CHECK-NEXT: llvm.getelementptr %{{.*}}[%[[R0]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK-COUNT-8: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
#b = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>
func.func @trans_registers(%x: !tile.view<f32, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%c0, %c0] : !tile.view<f32, 2> -> tensor<16x16xf32, #b>
  %u = tile.trans %t : tensor<16x16xf32, #b> -> tensor<16x16xf32, #b>
  tile.store %u, %o[%c0, %c0] : tensor<16x16xf32, #b> -> !tile.view<f32, 2>
  return
}

// -----

// Integer reductions combine in i32 (arith.minsi, i32 shuffles, the cross-
// warp scratch of i32: 2 rows x 4 warps x 4 bytes); the maximum of an f16
// tile combines in f32 (exact) and is rounded back once.
// CHECK-LABEL: llvm.func @reduce_i32
// CHECK-SAME: tilegpu.shared_bytes = 32 : i64
// CHECK: arith.minsi %{{.*}}, %{{.*}} : i32
// CHECK: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32 -> i32
// CHECK: llvm.store %{{.*}}, %{{.*}} : i32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// CHECK-NOT: arith.minimumf
// CHECK-LABEL: llvm.func @max_f16
// CHECK: arith.extf %{{.*}} : vector<8xf16> to vector<8xf32>
// CHECK: arith.maximumf %{{.*}}, %{{.*}} : f32
// CHECK: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : f32 -> f32
// CHECK: arith.truncf %{{.*}} : vector<2xf32> to vector<2xf16>
#bi = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
#bi_row = #tilegpu.slice<dim = 1, parent = #bi>
func.func @reduce_i32(%x: !tile.view<i32, 2>, %o: !tile.view<i32, 1>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%c0, %c0] : !tile.view<i32, 2> -> tensor<2x512xi32, #bi>
  %m = tile.reduce min %t axis 1 : tensor<2x512xi32, #bi> -> tensor<2xi32, #bi_row>
  tile.store %m, %o[%c0] : tensor<2xi32, #bi_row> -> !tile.view<i32, 1>
  return
}
#m1 = #tilegpu.mma<warpsM = 1, warpsN = 1>
#m1_rows = #tilegpu.slice<dim = 1, parent = #m1>
func.func @max_f16(%a: !tile.view<f16, 2>, %o: !tile.view<f16, 1>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<16x16xf16, #m1>
  %r = tile.reduce max %t axis 1 : tensor<16x16xf16, #m1> -> tensor<16xf16, #m1_rows>
  tile.store %r, %o[%c0] : tensor<16xf16, #m1_rows> -> !tile.view<f16, 1>
  return
}

// -----

// In a loop, a reduction across warps waits for the previous iteration's
// readers of its scratch before writing it; two reductions get scratches of
// their own (nothing shares a reduction's scratch).
// CHECK-LABEL: llvm.func @sums_in_a_loop
// CHECK-SAME: tilegpu.shared_bytes = 144 : i64
// CHECK: scf.for
// CHECK: nvvm.barrier0
// CHECK: scf.if
// CHECK-NEXT: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
#b = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
#rows = #tilegpu.slice<dim = 1, parent = #b>
func.func @sums_in_a_loop(%x: !tile.view<f32, 2>, %o: !tile.view<f32, 1>, %n: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %t = tile.load %x[%c0, %c0] : !tile.view<f32, 2> -> tensor<1x512xf32, #b>
  %s = tile.reduce sum %t axis 1 : tensor<1x512xf32, #b> -> tensor<1xf32, #rows>
  tile.store %s, %o[%c0] : tensor<1xf32, #rows> -> !tile.view<f32, 1>
  scf.for %i = %c0 to %n step %c1 : i32 {
    %u = tile.load %x[%i, %c0] : !tile.view<f32, 2> -> tensor<1x512xf32, #b>
    %m = tile.reduce max %u axis 1 : tensor<1x512xf32, #b> -> tensor<1xf32, #rows>
    tile.store %m, %o[%i] : tensor<1xf32, #rows> -> !tile.view<f32, 1>
  }
  return
}

// -----

// A column sum of 4 rows on a layout of 8 row positions (2 lanes by 4
// warps): warps 2 and 3 hold copies, add the identity and still write their
// partials, so the scratch has a row for each of the 4 warps (4 x 64 f32 =
// 1024 bytes; sizing it by the 2 distinct warps put warps 2 and 3 past its
// end), and each thread adds 4 partials per column.
// CHECK-LABEL: llvm.func @column_sum_with_copies
// CHECK-SAME: tilegpu.shared_bytes = 1024 : i64
// CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : f32
// CHECK: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %c16_i32, %{{.*}} : f32 -> f32
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
#b = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
#cols = #tilegpu.slice<dim = 0, parent = #b>
func.func @column_sum_with_copies(%x: !tile.view<f32, 2>, %o: !tile.view<f32, 1>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%c0, %c0] : !tile.view<f32, 2> -> tensor<4x64xf32, #b>
  %s = tile.reduce sum %t axis 0 : tensor<4x64xf32, #b> -> tensor<64xf32, #cols>
  tile.store %s, %o[%c0] : tensor<64xf32, #cols> -> !tile.view<f32, 1>
  return
}

// -----

// A blocked tile's f32 slots round to f16 (bf16) two at a time: one
// cvt.rn.f16x2.f32 a pair, the odd slot in the upper half (LLVM then folds
// the words' bitcasts into the 16-byte store's operands).
// CHECK-LABEL: llvm.func @round_pairs
// CHECK: %[[E1:.*]] = vector.extract %[[Y:.*]][1] : f32 from vector<8xf32>
// CHECK-NEXT: %[[E0:.*]] = vector.extract %[[Y]][0] : f32 from vector<8xf32>
// CHECK-NEXT: %[[W0:.*]] = llvm.inline_asm asm_dialect = att "cvt.rn.f16x2.f32 $0, $1, $2;", "=r,f,f" %[[E1]], %[[E0]] : (f32, f32) -> i32
// CHECK-COUNT-3: "cvt.rn.f16x2.f32 $0, $1, $2;"
// CHECK-NOT: llvm.fptrunc
// CHECK: "@$1 st.global.v4.b32 [$0], {$2, $3, $4, $5};"
// CHECK-COUNT-4: "cvt.rn.bf16x2.f32 $0, $1, $2;"
// A scalar's rounding stays a truncf.
// CHECK: arith.truncf %{{.*}} : f32 to f16
// CHECK-NOT: cvt.rn.f16x2.f32
#b8 = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>
func.func @round_pairs(%x: !tile.view<f32, 2>, %y: !tile.view<f16, 2>, %z: !tile.view<bf16, 2>, %f: f32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%c0, %c0] : !tile.view<f32, 2> -> tensor<4x64xf32, #b8>
  %h = arith.truncf %t : tensor<4x64xf32, #b8> to tensor<4x64xf16, #b8>
  tile.store %h, %y[%c0, %c0] : tensor<4x64xf16, #b8> -> !tile.view<f16, 2>
  %g = arith.truncf %t : tensor<4x64xf32, #b8> to tensor<4x64xbf16, #b8>
  tile.store %g, %z[%c0, %c0] : tensor<4x64xbf16, #b8> -> !tile.view<bf16, 2>
  %s = arith.truncf %f : f32 to f16
  %u = tile.splat %s : f16 -> tensor<4x64xf16, #b8>
  tile.store %u, %y[%c0, %c0] : tensor<4x64xf16, #b8> -> !tile.view<f16, 2>
  return
}


// -----

// An mma tile's rounding stays a truncf (fptrunc): LLVM pairs the
// fragments' values into cvt.rn.f16x2.f32 itself where they feed the tensor
// cores.
// CHECK-LABEL: llvm.func @mma_rounding_stays
// CHECK-NOT: cvt.rn.f16x2.f32
// CHECK: arith.truncf %{{.*}} fastmath<contract> : vector<8xf32> to vector<8xf16>
// CHECK-NOT: cvt.rn.f16x2.f32
func.func @mma_rounding_stays(%x: !tile.view<f32, 2>, %y: !tile.view<f16, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%c0, %c0] : !tile.view<f32, 2> -> tensor<16x16xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>
  %h = arith.truncf %t : tensor<16x16xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>> to tensor<16x16xf16, #tilegpu.mma<warpsM = 1, warpsN = 1>>
  tile.store %h, %y[%c0, %c0] : tensor<16x16xf16, #tilegpu.mma<warpsM = 1, warpsN = 1>> -> !tile.view<f16, 2>
  return
}

// -----

// An f16 mma tile stored inside its view (in_bounds on every dimension: the
// epilogue's copy, tilegpu-version-in-bounds): each pair of adjacent columns
// is one 4-byte store, without a compare, a branch or a 2-byte fallback.
// CHECK-LABEL: llvm.func @in_bounds_mma_store
// CHECK-NOT: arith.cmpi
// CHECK-NOT: scf.if
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<2xf16>, !llvm.ptr<1>
// CHECK-NOT: llvm.store
// CHECK: llvm.return
func.func @in_bounds_mma_store(%y: !tile.view<f16, 2>, %i: i32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = arith.constant dense<1.0> : tensor<16x16xf16, #tilegpu.mma<warpsM = 1, warpsN = 1>>
  tile.store %t, %y[%i, %c0] {in_bounds = array<i1: true, true>} : tensor<16x16xf16, #tilegpu.mma<warpsM = 1, warpsN = 1>> -> !tile.view<f16, 2>
  return
}

// -----

// An f16 mma tile of whole groups of four n8 fragments, stored with its
// columns inside the view from a column that is a multiple of 8: the quad of
// lanes holding a fragment row gathers it into one lane (two butterfly
// exchanges, across lanes q ^ 1 and q ^ 2, two shuffles each), which writes
// its 16 bytes with one st.global.v4.b32: two a thread here (rows r and
// r + 8 of the one group), each 6 * quad elements right of the lane's own
// first column of the group. Its rows inside too: no predicate. The
// manifest's align for the view is 16.
// CHECK-LABEL: llvm.func @mma_store_rows
// CHECK-SAME: tilegpu.params = [#tilegpu.param<{{[^>]*}}align = 16>,
// CHECK: %[[QUAD:.*]] = arith.remui %{{.*}}, %c4_i32 : i32
// CHECK: %[[SHIFT:.*]] = arith.muli %[[QUAD]], %c6_i32 : i32
// CHECK-COUNT-2: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %c1_i32, %c31_i32 : i32 -> i32
// CHECK-COUNT-2: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %c2_i32, %c31_i32 : i32 -> i32
// CHECK: %[[ADDR:.*]] = llvm.getelementptr %{{.*}}[%[[SHIFT]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "st.global.v4.b32 [$0], {$1, $2, $3, $4};", "l,r,r,r,r" %[[ADDR]]
// CHECK-COUNT-4: nvvm.shfl.sync bfly
// CHECK: "st.global.v4.b32 [$0], {$1, $2, $3, $4};"
// CHECK-NOT: llvm.store
// CHECK-NOT: st.global
// CHECK: llvm.return
func.func @mma_store_rows(%y: !tile.view<f16, 2>, %i: i32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = arith.constant dense<1.0> : tensor<16x32xf16, #tilegpu.mma<warpsM = 1, warpsN = 1>>
  tile.store %t, %y[%i, %c0] {in_bounds = array<i1: true, true>} : tensor<16x32xf16, #tilegpu.mma<warpsM = 1, warpsN = 1>> -> !tile.view<f16, 2>
  return
}

// -----

// Rows that may end inside the tile (its columns still inside): the same
// gathered rows, each 16-byte store under its row's bound.
// CHECK-LABEL: llvm.func @mma_store_rows_ragged
// CHECK-COUNT-4: nvvm.shfl.sync bfly
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "@$1 st.global.v4.b32 [$0], {$2, $3, $4, $5};", "l,b,r,r,r,r"
// CHECK-COUNT-4: nvvm.shfl.sync bfly
// CHECK: "@$1 st.global.v4.b32 [$0], {$2, $3, $4, $5};"
// CHECK-NOT: llvm.store
func.func @mma_store_rows_ragged(%y: !tile.view<f16, 2>, %i: i32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = arith.constant dense<1.0> : tensor<16x32xf16, #tilegpu.mma<warpsM = 1, warpsN = 1>>
  tile.store %t, %y[%i, %c0] {in_bounds = array<i1: false, true>} : tensor<16x32xf16, #tilegpu.mma<warpsM = 1, warpsN = 1>> -> !tile.view<f16, 2>
  return
}

// -----

// Column pairs as before where a 16-byte run is not known to fit: a column
// start not known to be a multiple of 8 (%j), columns that may end inside
// the tile (no in_bounds), f32 elements, or fragments not in groups of four
// (@in_bounds_mma_store, 16 columns).
// CHECK-LABEL: llvm.func @mma_store_pairs
// CHECK-SAME: tilegpu.params = [#tilegpu.param<{{[^>]*}}align = 4>,
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: v4.b32
// CHECK: llvm.return
func.func @mma_store_pairs(%y: !tile.view<f16, 2>, %z: !tile.view<f32, 2>, %i: i32, %j: i32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = arith.constant dense<1.0> : tensor<16x32xf16, #tilegpu.mma<warpsM = 1, warpsN = 1>>
  tile.store %t, %y[%i, %j] {in_bounds = array<i1: true, true>} : tensor<16x32xf16, #tilegpu.mma<warpsM = 1, warpsN = 1>> -> !tile.view<f16, 2>
  tile.store %t, %y[%i, %c0] : tensor<16x32xf16, #tilegpu.mma<warpsM = 1, warpsN = 1>> -> !tile.view<f16, 2>
  %f = arith.constant dense<1.0> : tensor<16x32xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>
  tile.store %f, %z[%i, %c0] {in_bounds = array<i1: true, true>} : tensor<16x32xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>> -> !tile.view<f32, 2>
  return
}

// -----

// A 1-D row reduced to a scalar: the row expands into its column in place
// (the same slots), the column sum goes through the shuffles and the
// cross-warp scratch, and every thread reads the one-element result in its
// slot 0 (tile.to_scalar); thread 0 alone stores it, inside the view
// (tile.store_scalar); the broadcast back onto the row is a splat of it.
// Two scalar stores to one view, both thread 0's, need no barrier between
// them; a load of the view after one does.
// CHECK-LABEL: llvm.func @row_to_scalar
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK-COUNT-5: nvvm.shfl.sync  bfly
// CHECK: nvvm.barrier0
// CHECK: %[[ONE:.*]] = vector.from_elements %{{.*}} : vector<1xf32>
// CHECK-NEXT: %[[S:.*]] = vector.extract %[[ONE]][0] : f32 from vector<1xf32>
// CHECK: %[[INSIDE:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : i64
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[TID]], %{{.*}} : i32
// CHECK-NEXT: %[[WRITE:.*]] = arith.andi %[[FIRST]], %[[INSIDE]] : i1
// CHECK-NEXT: scf.if %[[WRITE]] {
// CHECK-NEXT: llvm.store %[[S]], %{{.*}} : f32, !llvm.ptr<1>
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.store %{{.*}} : f32, !llvm.ptr<1>
// CHECK: nvvm.barrier0
// CHECK: scf.if
// CHECK-NEXT: llvm.load %{{.*}} : !llvm.ptr<1> -> f32
// CHECK: vector.broadcast %[[S]] : f32 to vector<4xf32>
#v = #tilegpu.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>
#c = #tilegpu.blocked<sizePerThread = [4, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 1], order = [1, 0]>
#one = #tilegpu.slice<dim = 0, parent = #c>
func.func @row_to_scalar(%x: !tile.view<f32, 2>, %m: !tile.view<f32, 1>, %y: !tile.view<f32, 2>, %row: i32) attributes {tile.kernel, tile.num_warps = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %f = tile.load %x[%row, %c0] : !tile.view<f32, 2> -> tensor<256xf32, #v>
  %col = tile.expand_dims %f axis 1 : tensor<256xf32, #v> -> tensor<256x1xf32, #c>
  %one = tile.reduce sum %col axis 0 : tensor<256x1xf32, #c> -> tensor<1xf32, #one>
  %s = tile.to_scalar %one : tensor<1xf32, #one> -> f32
  tile.store_scalar %s, %m[%row] : f32 -> !tile.view<f32, 1>
  %next = arith.addi %row, %c1 : i32
  tile.store_scalar %s, %m[%next] : f32 -> !tile.view<f32, 1>
  %back = tile.load_scalar %m[%row] : !tile.view<f32, 1> -> f32
  %b = tile.broadcast %one : tensor<1xf32, #one> -> tensor<256xf32, #v>
  %d = arith.subf %f, %b : tensor<256xf32, #v>
  %r = tile.splat %back : f32 -> tensor<256xf32, #v>
  %e = arith.addf %d, %r : tensor<256xf32, #v>
  tile.store %e, %y[%row, %c0] : tensor<256xf32, #v> -> !tile.view<f32, 2>
  return
}

// -----

// tile.atomic_add: each element added once, by the thread that owns it,
// inside the view, with a relaxed atomic add: an 8-element i32 tile over 2
// warps of 32 lanes (threads 8 and up hold copies: they add nothing); a
// scalar by thread 0. Atomic additions need no barrier between them; a load
// of the view after them does.
// CHECK-LABEL: llvm.func @atomic_adds
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[INSIDE:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : i64
// CHECK: %[[ADDR:.*]] = arith.select %[[INSIDE]], %{{.*}}, %{{.*}} : !llvm.ptr<1>
// CHECK: %[[OWNER:.*]] = arith.cmpi ult, %{{.*}}, %c8_i32 : i32
// CHECK: %[[ADD:.*]] = arith.andi %[[OWNER]], %[[INSIDE]] : i1
// CHECK: scf.if %[[ADD]] {
// CHECK-NEXT: llvm.atomicrmw add %[[ADDR]], %{{.*}} monotonic : !llvm.ptr<1>, i32
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[TID]], %{{.*}} : i32
// CHECK: scf.if
// CHECK-NEXT: llvm.atomicrmw fadd %{{.*}}, %{{.*}} monotonic : !llvm.ptr<1>, f32
// CHECK-NOT: nvvm.barrier0
// CHECK: scf.if
// CHECK-NEXT: llvm.atomicrmw fadd %{{.*}}, %{{.*}} monotonic : !llvm.ptr<1>, f32
// CHECK: nvvm.barrier0
// CHECK-NEXT: scf.if %{{.*}} -> (f32) {
// CHECK-NEXT: llvm.load
#h = #tilegpu.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>
func.func @atomic_adds(%hist: !tile.view<i32, 1>, %sum: !tile.view<f32, 1>, %y: !tile.view<f32, 1>, %i: i32, %v: f32) attributes {tile.kernel, tile.num_warps = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %ones = arith.constant dense<1> : tensor<8xi32, #h>
  tile.atomic_add %ones, %hist[%c0] : tensor<8xi32, #h> -> !tile.view<i32, 1>
  tile.atomic_add %v, %sum[%i] : f32 -> !tile.view<f32, 1>
  tile.atomic_add %v, %sum[%c0] : f32 -> !tile.view<f32, 1>
  %back = tile.load_scalar %sum[%i] : !tile.view<f32, 1> -> f32
  %t = tile.splat %back : f32 -> tensor<64xf32, #h>
  tile.store %t, %y[%c0] : tensor<64xf32, #h> -> !tile.view<f32, 1>
  return
}

// -----

// An argmax across 2 warps carries (value, index) pairs: a slot's index is
// the thread's column base plus its offset; a pair wins on a larger value,
// a NaN against a number, or a tie (equal, or both NaN) at a lower index,
// which a thread's own slots (ascending) need not compare; the lanes
// exchange both halves; lane 0 of each warp writes its value and, 2 rows
// further in the scratch (2 warps x 4 bytes on), its index (16 bytes); the
// stored vector holds the indices.
// CHECK-LABEL: llvm.func @argmax_across_warps
// CHECK-SAME: tilegpu.shared_bytes = 16 : i64
// CHECK: %[[I0:.*]] = arith.muli %{{.*}}, %c4_i32 : i32
// CHECK: %[[I1:.*]] = arith.addi %[[I0]], %c1_i32 : i32
// CHECK: %[[XNAN:.*]] = arith.cmpf uno, %[[X:.*]], %[[X]] : f32
// CHECK-NEXT: %[[YNUM:.*]] = arith.cmpf ord, %[[Y:.*]], %[[Y]] : f32
// CHECK-NEXT: %[[GT:.*]] = arith.cmpf ogt, %[[X]], %[[Y]] : f32
// CHECK-NEXT: %[[NAN:.*]] = arith.andi %[[XNAN]], %[[YNUM]] : i1
// CHECK-NEXT: %[[BEATS:.*]] = arith.ori %[[GT]], %[[NAN]] : i1
// CHECK-NEXT: %[[UEQ:.*]] = arith.cmpf ueq, %[[X]], %[[Y]] : f32
// CHECK-NEXT: %[[EITHER:.*]] = arith.ori %[[XNAN]], %[[YNUM]] : i1
// CHECK-NEXT: %[[TIE:.*]] = arith.andi %[[UEQ]], %[[EITHER]] : i1
// CHECK-NEXT: %[[WINS:.*]] = arith.ori %[[BEATS]], %[[TIE]] : i1
// CHECK-NEXT: arith.select %[[WINS]], %[[X]], %[[Y]] : f32
// CHECK-NEXT: arith.select %[[WINS]], %[[I0]], %[[I1]] : i32
// CHECK: %[[V:.*]] = nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %c1_i32, %{{.*}} : f32 -> f32
// CHECK-NEXT: %[[I:.*]] = nvvm.shfl.sync bfly %{{.*}}, %[[MINE:.*]], %c1_i32, %{{.*}} : i32 -> i32
// CHECK: %[[LOWER:.*]] = arith.cmpi slt, %[[MINE]], %[[I]] : i32
// CHECK-NEXT: arith.andi %{{.*}}, %[[LOWER]] : i1
// CHECK: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %c16_i32, %{{.*}} : f32 -> f32
// CHECK-NEXT: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %c16_i32, %{{.*}} : i32 -> i32
// CHECK: %[[VROW:.*]] = llvm.getelementptr %[[SCRATCH:.*]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK-NEXT: %[[ROW:.*]] = arith.addi %[[WARP:.*]], %c2_i32 : i32
// CHECK: %[[IROW:.*]] = llvm.getelementptr %[[SCRATCH]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
// CHECK-NEXT: scf.if
// CHECK-NEXT: llvm.store %{{.*}}, %[[VROW]] : f32, !llvm.ptr<3>
// CHECK-NEXT: llvm.store %{{.*}}, %[[IROW]] : i32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// CHECK: %[[BEST:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: vector.from_elements %[[BEST]] : vector<1xi32>
// CHECK: llvm.store %{{.*}}, %{{.*}} : i32, !llvm.ptr<1>
#b = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 2], order = [1, 0]>
#rows = #tilegpu.slice<dim = 1, parent = #b>
func.func @argmax_across_warps(%x: !tile.view<f32, 2>, %o: !tile.view<i32, 1>) attributes {tile.kernel, tile.num_warps = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%c0, %c0] : !tile.view<f32, 2> -> tensor<1x256xf32, #b>
  %s = tile.reduce argmax %t axis 1 : tensor<1x256xf32, #b> -> tensor<1xi32, #rows>
  tile.store %s, %o[%c0] : tensor<1xi32, #rows> -> !tile.view<i32, 1>
  return
}

// -----

// The argmin of an mma tile's rows: slot (nt, j) of a row is column
// 2 * quad + 8 * nt + j (the columns the load computed); i32 values compare
// with slt and eq; the four lanes of a group exchange pairs (shfl.bfly 1,
// 2); no scratch. An f16 argmin compares in f32 and stores indices (no
// truncf).
// CHECK-LABEL: llvm.func @argmin_mma_rows
// CHECK-SAME: tilegpu.shared_bytes = 0 : i64
// CHECK: %[[C0:.*]] = arith.muli %{{.*}}, %c2_i32 : i32
// CHECK: %[[C1:.*]] = arith.addi %[[C0]], %c1_i32 : i32
// CHECK: %[[C8:.*]] = arith.addi %[[C0]], %c8_i32 : i32
// CHECK: %[[C9:.*]] = arith.addi %[[C0]], %c9_i32 : i32
// CHECK: arith.cmpi slt, %[[A:.*]], %[[B:.*]] : i32
// CHECK-NEXT: arith.cmpi eq, %[[A]], %[[B]] : i32
// CHECK: arith.select %{{.*}}, %[[C0]], %[[C1]] : i32
// CHECK: arith.select %{{.*}}, %[[C8]], %[[C9]] : i32
// CHECK: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %c1_i32, %{{.*}} : i32 -> i32
// CHECK-NEXT: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %c1_i32, %{{.*}} : i32 -> i32
// CHECK: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %c2_i32, %{{.*}} : i32 -> i32
// CHECK-NOT: !llvm.ptr<3>
// CHECK-LABEL: llvm.func @argmin_f16_rows
// CHECK: arith.extf %{{.*}} : vector<8xf16> to vector<8xf32>
// CHECK: arith.cmpf olt
// CHECK-NOT: arith.truncf
// CHECK: llvm.return
#m1 = #tilegpu.mma<warpsM = 1, warpsN = 1>
#m1_rows = #tilegpu.slice<dim = 1, parent = #m1>
func.func @argmin_mma_rows(%a: !tile.view<i32, 2>, %o: !tile.view<i32, 1>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %a[%c0, %c0] : !tile.view<i32, 2> -> tensor<16x16xi32, #m1>
  %r = tile.reduce argmin %t axis 1 : tensor<16x16xi32, #m1> -> tensor<16xi32, #m1_rows>
  tile.store %r, %o[%c0] : tensor<16xi32, #m1_rows> -> !tile.view<i32, 1>
  return
}
func.func @argmin_f16_rows(%a: !tile.view<f16, 2>, %o: !tile.view<i32, 1>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<16x16xf16, #m1>
  %r = tile.reduce argmin %t axis 1 : tensor<16x16xf16, #m1> -> tensor<16xi32, #m1_rows>
  tile.store %r, %o[%c0] : tensor<16xi32, #m1_rows> -> !tile.view<i32, 1>
  return
}

// -----

// A row scan over 2 warps, two chunks of 2 a thread (the layout covers 128
// of the 256 columns): each chunk's prefix, then the lanes' inclusive scan
// of the chunk totals by shfl.up 1 ... 16 (a lane adds the one below when
// it has one), the exclusive prefix as the lane below's inclusive one;
// lane 31 of each warp writes both repetitions' totals ([rep * 2 + warp]:
// 16 bytes), and after one barrier a thread adds warp 0's total when it is
// in warp 1, and repetition 0's two totals to repetition 1.
// CHECK-LABEL: llvm.func @scan_across_warps
// CHECK-SAME: tilegpu.shared_bytes = 16 : i64
// CHECK: %[[P1:.*]] = arith.addf %[[X0:.*]], %[[X1:.*]] : f32
// CHECK: %[[UP1:.*]] = nvvm.shfl.sync up %{{.*}}, %[[P1]], %c1_i32, %c0_i32 : f32 -> f32
// CHECK-NEXT: %[[HAS1:.*]] = arith.cmpi uge, %[[LANE:.*]], %c1_i32 : i32
// CHECK-NEXT: %[[SUM1:.*]] = arith.addf %[[P1]], %[[UP1]] : f32
// CHECK-NEXT: %[[INC1:.*]] = arith.select %[[HAS1]], %[[SUM1]], %[[P1]] : f32
// CHECK: nvvm.shfl.sync up %{{.*}}, %{{.*}}, %c16_i32, %c0_i32 : f32 -> f32
// CHECK: %[[INC:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : f32
// CHECK-NEXT: %[[BELOW:.*]] = nvvm.shfl.sync up %{{.*}}, %[[INC]], %c1_i32, %c0_i32 : f32 -> f32
// CHECK-NEXT: %[[EXCL:.*]] = arith.select %[[HAS1]], %[[BELOW]], %{{.*}} : f32
// CHECK: %[[LAST:.*]] = arith.cmpi eq, %[[LANE]], %c31_i32 : i32
// CHECK-NEXT: scf.if %[[LAST]] {
// CHECK: llvm.store %[[INC]], %{{.*}} : f32, !llvm.ptr<3>
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: %[[BEFORE:.*]] = arith.addf %{{.*}}, %[[EXCL]] : f32
// CHECK-NEXT: arith.addf %[[BEFORE]], %[[X0]] : f32
// CHECK-NEXT: arith.addf %[[BEFORE]], %[[P1]] : f32
// CHECK: vector.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf32>
#b = #tilegpu.blocked<sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [1, 2], order = [1, 0]>
func.func @scan_across_warps(%x: !tile.view<f32, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%c0, %c0] : !tile.view<f32, 2> -> tensor<1x256xf32, #b>
  %s = tile.scan %t axis 1 : tensor<1x256xf32, #b>
  tile.store %s, %o[%c0, %c0] : tensor<1x256xf32, #b> -> !tile.view<f32, 2>
  return
}

// -----

// A 24-element vector over 4 warps of 32 lanes: positions 24 ... 127 hold
// copies (position p holds element p mod 24), so a lane adds the one below
// only within its run of 24 (p mod 24 >= offset) and its warp; the runs
// cross warps, so a thread adds each earlier warp's total whose last
// position lies in its run (p - p mod 24 < 32 (w + 1)).
// CHECK-LABEL: llvm.func @scan_with_copies
// CHECK: %[[SEG:.*]] = arith.remui %{{.*}}, %c24_i32 : i32
// CHECK: nvvm.shfl.sync up %{{.*}}, %{{.*}}, %c1_i32, %c0_i32 : i32 -> i32
// CHECK-NEXT: arith.cmpi uge, %{{.*}}, %c1_i32 : i32
// CHECK-NEXT: arith.cmpi uge, %[[SEG]], %c1_i32 : i32
// CHECK: nvvm.shfl.sync up %{{.*}}, %{{.*}}, %c16_i32, %c0_i32 : i32 -> i32
// CHECK: nvvm.barrier0
// CHECK: %[[START:.*]] = arith.subi %{{.*}}, %[[SEG]] : i32
// CHECK: arith.cmpi ult, %[[START]], %c32_i32 : i32
// CHECK: arith.cmpi ult, %[[START]], %c64_i32 : i32
// CHECK: arith.cmpi ult, %[[START]], %c96_i32 : i32
// CHECK-NOT: %c128_i32
// CHECK: vector.from_elements %{{.*}} : vector<1xi32>
#v = #tilegpu.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @scan_with_copies(%x: !tile.view<i32, 1>, %o: !tile.view<i32, 1>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%c0] : !tile.view<i32, 1> -> tensor<24xi32, #v>
  %s = tile.scan %t axis 0 : tensor<24xi32, #v>
  tile.store %s, %o[%c0] : tensor<24xi32, #v> -> !tile.view<i32, 1>
  return
}
