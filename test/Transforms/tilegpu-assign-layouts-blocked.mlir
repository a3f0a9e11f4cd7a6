// RUN: tessera-opt %s -split-input-file -tilegpu-assign-layouts | FileCheck %s --enable-var-scope

// Tiles no dot reaches take #tilegpu.blocked layouts (Triton's blocked
// layout): 16 bytes of adjacent elements per thread along the innermost
// dimension (fewer where the tile has fewer elements than the threads hold
// at 16 bytes), the lanes and warps along the columns as far as the tile is
// wide, the rest along the rows (the warps along the rows first in a kernel
// that reduces rows only and loads no vector: the last two cases).

// A row softmax: the [1, 1024] f16 row is 8 elements a thread, 32 lanes and
// 4 warps along the columns. The row max is the slice along the columns
// (one value per row, a copy in every thread), the column index a slice
// along the rows that expands into the row in place.
// CHECK-DAG: #[[$B:.*]] = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
// CHECK-DAG: #[[$ROW:.*]] = #tilegpu.slice<dim = 1, parent = #[[$B]]>
// CHECK-DAG: #[[$COL:.*]] = #tilegpu.slice<dim = 0, parent = #[[$B]]>
// CHECK-LABEL: func.func @softmax_row
// CHECK: tile.load {{.*}} -> tensor<1x1024xf16, #[[$B]]>
// CHECK: tile.iota : tensor<1024xi32, #[[$COL]]>
// CHECK: tile.expand_dims %{{.*}} axis 0 : tensor<1024xi32, #[[$COL]]> -> tensor<1x1024xi32, #[[$B]]>
// CHECK: tile.reduce max %{{.*}} axis 1 : tensor<1x1024xf32, #[[$B]]> -> tensor<1xf32, #[[$ROW]]>
// CHECK: tile.broadcast %{{.*}} : tensor<1x1xf32, #[[$ROW]]> -> tensor<1x1024xf32, #[[$B]]>
// CHECK: tile.store %{{.*}} : tensor<1x1024xf16, #[[$B]]>
// CHECK-NOT: tilegpu.convert_layout
func.func @softmax_row(%x: !tile.view<f16, 2>, %y: !tile.view<f16, 2>, %row: i32, %n: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%row, %c0] : !tile.view<f16, 2> -> tensor<1x1024xf16>
  %f = arith.extf %t : tensor<1x1024xf16> to tensor<1x1024xf32>
  %cols = tile.iota : tensor<1024xi32>
  %c = tile.expand_dims %cols axis 0 : tensor<1024xi32> -> tensor<1x1024xi32>
  %ns = tile.splat %n : i32 -> tensor<1x1024xi32>
  %in = arith.cmpi slt, %c, %ns : tensor<1x1024xi32>
  %ninf = arith.constant dense<0xFF800000> : tensor<1x1024xf32>
  %v = arith.select %in, %f, %ninf : tensor<1x1024xi1>, tensor<1x1024xf32>
  %m = tile.reduce max %v axis 1 : tensor<1x1024xf32> -> tensor<1xf32>
  %me = tile.expand_dims %m axis 1 : tensor<1xf32> -> tensor<1x1xf32>
  %mb = tile.broadcast %me : tensor<1x1xf32> -> tensor<1x1024xf32>
  %d = arith.subf %v, %mb : tensor<1x1024xf32>
  %r = arith.truncf %d : tensor<1x1024xf32> to tensor<1x1024xf16>
  tile.store %r, %y[%row, %c0] : tensor<1x1024xf16> -> !tile.view<f16, 2>
  return
}

// -----

// f16 and f32 accesses in one component: the 16-bit tile chooses first, so
// the f16 load moves 16 bytes (the f32 ones move two 16-byte halves).
// CHECK: #[[$B:.*]] = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-LABEL: func.func @narrow_first
// CHECK: tile.load {{.*}} -> tensor<64x64xf32, #[[$B]]>
// CHECK: tile.load {{.*}} -> tensor<64x64xf16, #[[$B]]>
// CHECK: tile.store %{{.*}} : tensor<64x64xf32, #[[$B]]>
func.func @narrow_first(%a: !tile.view<f32, 2>, %b: !tile.view<f16, 2>, %o: !tile.view<f32, 2>, %i: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %x = tile.load %a[%i, %i] : !tile.view<f32, 2> -> tensor<64x64xf32>
  %h = tile.load %b[%i, %i] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %y = arith.extf %h : tensor<64x64xf16> to tensor<64x64xf32>
  %s = arith.addf %x, %y : tensor<64x64xf32>
  tile.store %s, %o[%i, %i] : tensor<64x64xf32> -> !tile.view<f32, 2>
  return
}

// -----

// A column sum of a blocked tile stays in its layout.
// CHECK-DAG: #[[$B:.*]] = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[$COL:.*]] = #tilegpu.slice<dim = 0, parent = #[[$B]]>
// CHECK-LABEL: func.func @column_sum
// CHECK: tile.reduce sum %{{.*}} axis 0 : tensor<64x32xf32, #[[$B]]> -> tensor<32xf32, #[[$COL]]>
// CHECK: tile.store %{{.*}} : tensor<32xf32, #[[$COL]]>
func.func @column_sum(%a: !tile.view<f32, 2>, %o: !tile.view<f32, 1>, %i: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %x = tile.load %a[%i, %i] : !tile.view<f32, 2> -> tensor<64x32xf32>
  %s = tile.reduce sum %x axis 0 : tensor<64x32xf32> -> tensor<32xf32>
  tile.store %s, %o[%i] : tensor<32xf32> -> !tile.view<f32, 1>
  return
}

// -----

// A dot's tiles keep the mma layout; a column sum of one goes through a
// blocked copy (mma tiles reduce along their rows only), and a separate
// copy of a 1-D tensor gets a 1-D blocked layout.
// CHECK-DAG: #[[$B:.*]] = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[$B1:.*]] = #tilegpu.blocked<sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-DAG: #[[$MMA:.*]] = #tilegpu.mma<warpsM = 4, warpsN = 1>
// CHECK-DAG: #[[$COL:.*]] = #tilegpu.slice<dim = 0, parent = #[[$B]]>
// CHECK-LABEL: func.func @dot_and_copy
// CHECK: %[[D:.*]] = tile.dot {{.*}} -> tensor<64x16xf32, #[[$MMA]]>
// CHECK: %[[C:.*]] = tilegpu.convert_layout %[[D]] : tensor<64x16xf32, #[[$MMA]]> -> tensor<64x16xf32, #[[$B]]>
// CHECK: tile.reduce sum %[[C]] axis 0 : tensor<64x16xf32, #[[$B]]> -> tensor<16xf32, #[[$COL]]>
// CHECK: tile.load {{.*}} -> tensor<2048xf16, #[[$B1]]>
func.func @dot_and_copy(%a: !tile.view<f16, 2>, %o: !tile.view<f32, 2>, %p: !tile.view<f16, 1>, %q: !tile.view<f16, 1>, %i: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %x = tile.load %a[%i, %i] : !tile.view<f16, 2> -> tensor<64x16xf16>
  %y = tile.load %a[%i, %i] : !tile.view<f16, 2> -> tensor<16x16xf16>
  %z = arith.constant dense<0.0> : tensor<64x16xf32>
  %d = tile.dot %x, %y, %z : tensor<64x16xf16>, tensor<16x16xf16> -> tensor<64x16xf32>
  %c = tile.reduce sum %d axis 0 : tensor<64x16xf32> -> tensor<16xf32>
  %e = tile.expand_dims %c axis 0 : tensor<16xf32> -> tensor<1x16xf32>
  %b = tile.broadcast %e : tensor<1x16xf32> -> tensor<64x16xf32>
  tile.store %b, %o[%i, %i] : tensor<64x16xf32> -> !tile.view<f32, 2>
  %v = tile.load %p[%i] : !tile.view<f16, 1> -> tensor<2048xf16>
  tile.store %v, %q[%i] : tensor<2048xf16> -> !tile.view<f16, 1>
  return
}

// -----

// Several rows a program, reduced along the rows only, and no 1-D tile
// loaded: the warps go along the rows (each warp reduces its own row with
// shuffles, no shared-memory round), not along the columns.
// CHECK: #[[$B:.*]] = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-LABEL: func.func @rows_per_warp
// CHECK: tile.reduce sum %{{.*}} axis 1 : tensor<4x1024xf32, #[[$B]]>
func.func @rows_per_warp(%x: !tile.view<f16, 2>, %y: !tile.view<f16, 2>, %row: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%row, %c0] : !tile.view<f16, 2> -> tensor<4x1024xf16>
  %f = arith.extf %t : tensor<4x1024xf16> to tensor<4x1024xf32>
  %s = tile.reduce sum %f axis 1 : tensor<4x1024xf32> -> tensor<4xf32>
  %se = tile.expand_dims %s axis 1 : tensor<4xf32> -> tensor<4x1xf32>
  %sb = tile.broadcast %se : tensor<4x1xf32> -> tensor<4x1024xf32>
  %d = arith.divf %f, %sb : tensor<4x1024xf32>
  %r = arith.truncf %d : tensor<4x1024xf32> to tensor<4x1024xf16>
  tile.store %r, %y[%row, %c0] : tensor<4x1024xf16> -> !tile.view<f16, 2>
  return
}

// -----

// The same with a weight vector over the columns loaded (every warp along
// the rows would hold and load all of it again): the warps stay along the
// columns.
// CHECK: #[[$B:.*]] = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
// CHECK-LABEL: func.func @rows_with_weight
// CHECK: tile.reduce sum %{{.*}} axis 1 : tensor<4x1024xf32, #[[$B]]>
func.func @rows_with_weight(%x: !tile.view<f16, 2>, %w: !tile.view<f16, 1>, %y: !tile.view<f16, 2>, %row: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%row, %c0] : !tile.view<f16, 2> -> tensor<4x1024xf16>
  %f = arith.extf %t : tensor<4x1024xf16> to tensor<4x1024xf32>
  %s = tile.reduce sum %f axis 1 : tensor<4x1024xf32> -> tensor<4xf32>
  %se = tile.expand_dims %s axis 1 : tensor<4xf32> -> tensor<4x1xf32>
  %sb = tile.broadcast %se : tensor<4x1xf32> -> tensor<4x1024xf32>
  %wv = tile.load %w[%c0] : !tile.view<f16, 1> -> tensor<1024xf16>
  %wf = arith.extf %wv : tensor<1024xf16> to tensor<1024xf32>
  %we = tile.expand_dims %wf axis 0 : tensor<1024xf32> -> tensor<1x1024xf32>
  %wb = tile.broadcast %we : tensor<1x1024xf32> -> tensor<4x1024xf32>
  %d = arith.divf %f, %sb : tensor<4x1024xf32>
  %e = arith.mulf %d, %wb : tensor<4x1024xf32>
  %r = arith.truncf %e : tensor<4x1024xf32> to tensor<4x1024xf16>
  tile.store %r, %y[%row, %c0] : tensor<4x1024xf16> -> !tile.view<f16, 2>
  return
}

// -----

// A kernel of 10 warps (not a power of two) over 5120 columns, 20 runs of
// 32 lanes x 8 elements: all 10 warps go along the columns (each holds 2
// runs of each row); the split multiplies to the kernel's warps.
// CHECK: #[[$B:.*]] = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [1, 10], order = [1, 0]>
// CHECK-LABEL: func.func @ten_warps
// CHECK: tile.reduce sum %{{.*}} axis 1 : tensor<2x5120xf32, #[[$B]]>
func.func @ten_warps(%x: !tile.view<f16, 2>, %w: !tile.view<f16, 1>, %y: !tile.view<f16, 2>, %row: i32) attributes {tile.kernel, tile.num_warps = 10 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%row, %c0] : !tile.view<f16, 2> -> tensor<2x5120xf16>
  %f = arith.extf %t : tensor<2x5120xf16> to tensor<2x5120xf32>
  %s = tile.reduce sum %f axis 1 : tensor<2x5120xf32> -> tensor<2xf32>
  %se = tile.expand_dims %s axis 1 : tensor<2xf32> -> tensor<2x1xf32>
  %sb = tile.broadcast %se : tensor<2x1xf32> -> tensor<2x5120xf32>
  %wv = tile.load %w[%c0] : !tile.view<f16, 1> -> tensor<5120xf16>
  %wf = arith.extf %wv : tensor<5120xf16> to tensor<5120xf32>
  %we = tile.expand_dims %wf axis 0 : tensor<5120xf32> -> tensor<1x5120xf32>
  %wb = tile.broadcast %we : tensor<1x5120xf32> -> tensor<2x5120xf32>
  %d = arith.divf %f, %sb : tensor<2x5120xf32>
  %e = arith.mulf %d, %wb : tensor<2x5120xf32>
  %r = arith.truncf %e : tensor<2x5120xf32> to tensor<2x5120xf16>
  tile.store %r, %y[%row, %c0] : tensor<2x5120xf16> -> !tile.view<f16, 2>
  return
}

// -----

// 10 warps over 2048 columns (8 runs): the largest divisor of 10 that
// divides 8, 2 warps, along the columns; the other 5 along the rows.
// CHECK: #[[$B:.*]] = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [5, 2], order = [1, 0]>
// CHECK-LABEL: func.func @ten_warps_narrow
// CHECK: tile.store %{{.*}} : tensor<5x2048xf16, #[[$B]]>
func.func @ten_warps_narrow(%x: !tile.view<f16, 2>, %y: !tile.view<f16, 2>, %row: i32) attributes {tile.kernel, tile.num_warps = 10 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%row, %c0] : !tile.view<f16, 2> -> tensor<5x2048xf16>
  tile.store %t, %y[%row, %c0] : tensor<5x2048xf16> -> !tile.view<f16, 2>
  return
}

// -----

// 12 warps, rows reduced along the rows only and no vector loaded: the
// warps go along the rows as far as the 6 rows allow (gcd(6, 12) = 6),
// the other 2 along the columns.
// CHECK: #[[$B:.*]] = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [6, 2], order = [1, 0]>
// CHECK-LABEL: func.func @twelve_warps_rows
// CHECK: tile.reduce max %{{.*}} axis 1 : tensor<6x1024xf32, #[[$B]]>
func.func @twelve_warps_rows(%x: !tile.view<f16, 2>, %y: !tile.view<f32, 1>, %row: i32) attributes {tile.kernel, tile.num_warps = 12 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%row, %c0] : !tile.view<f16, 2> -> tensor<6x1024xf16>
  %f = arith.extf %t : tensor<6x1024xf16> to tensor<6x1024xf32>
  %m = tile.reduce max %f axis 1 : tensor<6x1024xf32> -> tensor<6xf32>
  tile.store %m, %y[%row] : tensor<6xf32> -> !tile.view<f32, 1>
  return
}

// -----

// 10 warps over 8 rows of 2048 columns: 2 warps along the columns would
// leave 5 along the rows, which 8 rows are not a multiple of; the next
// divisor, 1, leaves 10, more than the rows (two warps hold copies).
// CHECK: #[[$B:.*]] = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [10, 1], order = [1, 0]>
// CHECK-LABEL: func.func @ten_warps_eight_rows
// CHECK: tile.store %{{.*}} : tensor<8x2048xf16, #[[$B]]>
func.func @ten_warps_eight_rows(%x: !tile.view<f16, 2>, %y: !tile.view<f16, 2>, %row: i32) attributes {tile.kernel, tile.num_warps = 10 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%row, %c0] : !tile.view<f16, 2> -> tensor<8x2048xf16>
  tile.store %t, %y[%row, %c0] : tensor<8x2048xf16> -> !tile.view<f16, 2>
  return
}

// -----

// A transpose kernel: the loaded tile and its transpose each take the
// blocked layout of their own shape (16-byte accesses on both sides: 4
// lanes of 8 columns along the 32-column rows of the load, 8 along the
// 64-column rows of the store); tile.trans moves the elements between
// threads (through shared memory, convert-tile-to-nvvm), so no conversion
// is needed around it.
// CHECK-DAG: #[[$L:.*]] = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[$S:.*]] = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-LABEL: func.func @transpose
// CHECK: tile.load {{.*}} -> tensor<64x32xf16, #[[$L]]>
// CHECK: tile.trans %{{.*}} : tensor<64x32xf16, #[[$L]]> -> tensor<32x64xf16, #[[$S]]>
// CHECK: tile.store %{{.*}} : tensor<32x64xf16, #[[$S]]>
// CHECK-NOT: tilegpu.convert_layout
func.func @transpose(%x: !tile.view<f16, 2>, %y: !tile.view<f16, 2>, %i: i32, %j: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %t = tile.load %x[%i, %j] : !tile.view<f16, 2> -> tensor<64x32xf16>
  %u = tile.trans %t : tensor<64x32xf16> -> tensor<32x64xf16>
  tile.store %u, %y[%j, %i] : tensor<32x64xf16> -> !tile.view<f16, 2>
  return
}

// -----

// A tile whose sizes are not powers of two: 24 rows of 24 f32 over 2 warps,
// reduced along its rows (the warps go along the rows first). 4 elements a
// thread (16 bytes) leave 2 lanes along the columns and 16 along the rows,
// and the 2 warps then along the columns (24 rows hold one 16-row unit):
// 24 rows are neither a multiple of the 16 rows covered nor fewer; with 2
// elements a thread, 4 lanes and the 2 warps along the columns cover 16 of
// the 24 columns, which fails alike; 1 element a thread puts 8 lanes on the
// columns and 4 on the rows, the 2 warps along the rows: 8 x 8 covered, of
// which 24 x 24 is a multiple.
// CHECK: #[[$B:.*]] = #tilegpu.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]>
// CHECK-LABEL: func.func @non_power_of_two
// CHECK: tile.reduce sum %{{.*}} axis 1 : tensor<24x24xf32, #[[$B]]>
func.func @non_power_of_two(%x: !tile.view<f32, 2>, %y: !tile.view<f32, 1>, %row: i32) attributes {tile.kernel, tile.num_warps = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%row, %c0] : !tile.view<f32, 2> -> tensor<24x24xf32>
  %s = tile.reduce sum %t axis 1 : tensor<24x24xf32> -> tensor<24xf32>
  tile.store %s, %y[%row] : tensor<24xf32> -> !tile.view<f32, 1>
  return
}

// -----

// A tile of fewer elements than 16-byte runs would give every thread: a
// [1, 2048] f16 chunk over 16 warps takes 4 elements (8 bytes) a thread, so
// that the 512 threads each hold their own (8 elements a thread would cover
// 4096 columns: half the warps copies of the others).
// CHECK: #[[$C:.*]] = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 16], order = [1, 0]>
// CHECK-LABEL: func.func @no_copies
// CHECK: tile.load {{.*}} -> tensor<1x2048xf16, #[[$C]]>
// CHECK: tile.store %{{.*}} : tensor<1x2048xf16, #[[$C]]>
func.func @no_copies(%x: !tile.view<f16, 2>, %y: !tile.view<f16, 2>, %row: i32) attributes {tile.kernel, tile.num_warps = 16 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%row, %c0] : !tile.view<f16, 2> -> tensor<1x2048xf16>
  tile.store %t, %y[%row, %c0] : tensor<1x2048xf16> -> !tile.view<f16, 2>
  return
}

// -----

// A 1-D row reduced to a scalar (the frontend's `sum(x, axis=0)`): the row
// expands into the column [1024, 1] in its own layout with a unit dimension
// inserted, so the same threads hold the same elements (no conversion); the
// one-element result is a slice of that, which tile.to_scalar reads and
// which broadcasts back onto the row's layout.
// CHECK-DAG: #[[$V:.*]] = #tilegpu.blocked<sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-DAG: #[[$C:.*]] = #tilegpu.blocked<sizePerThread = [8, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[$ONE:.*]] = #tilegpu.slice<dim = 0, parent = #[[$C]]>
// CHECK-LABEL: func.func @row_to_scalar
// CHECK: tile.expand_dims %{{.*}} axis 1 : tensor<1024xf32, #[[$V]]> -> tensor<1024x1xf32, #[[$C]]>
// CHECK: tile.reduce sum %{{.*}} axis 0 : tensor<1024x1xf32, #[[$C]]> -> tensor<1xf32, #[[$ONE]]>
// CHECK: tile.to_scalar %{{.*}} : tensor<1xf32, #[[$ONE]]> -> f32
// CHECK: tile.broadcast %{{.*}} : tensor<1xf32, #[[$ONE]]> -> tensor<1024xf32, #[[$V]]>
// CHECK-NOT: tilegpu.convert_layout
func.func @row_to_scalar(%x: !tile.view<f16, 2>, %m: !tile.view<f32, 1>, %y: !tile.view<f32, 2>, %row: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%row, %c0] : !tile.view<f16, 2> -> tensor<1024xf16>
  %f = arith.extf %t : tensor<1024xf16> to tensor<1024xf32>
  %col = tile.expand_dims %f axis 1 : tensor<1024xf32> -> tensor<1024x1xf32>
  %one = tile.reduce sum %col axis 0 : tensor<1024x1xf32> -> tensor<1xf32>
  %s = tile.to_scalar %one : tensor<1xf32> -> f32
  tile.store_scalar %s, %m[%row] : f32 -> !tile.view<f32, 1>
  %b = tile.broadcast %one : tensor<1xf32> -> tensor<1024xf32>
  %d = arith.subf %f, %b : tensor<1024xf32>
  tile.store %d, %y[%row, %c0] : tensor<1024xf32> -> !tile.view<f32, 2>
  return
}

// -----

// Every element of a 2-D tile (`max(t)`): the row maxima, a slice, expand
// into a column that keeps the slice layout; its reduction along the rows
// reduces a blocked copy.
// CHECK-DAG: #[[$B:.*]] = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]>
// CHECK-DAG: #[[$ROWS:.*]] = #tilegpu.slice<dim = 1, parent = #[[$B]]>
// CHECK-DAG: #[[$COL:.*]] = #tilegpu.blocked<sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-LABEL: func.func @tile_to_scalar
// CHECK: tile.expand_dims %{{.*}} axis 1 : tensor<4xf32, #[[$ROWS]]> -> tensor<4x1xf32, #[[$ROWS]]>
// CHECK: tilegpu.convert_layout %{{.*}} : tensor<4x1xf32, #[[$ROWS]]> -> tensor<4x1xf32, #[[$COL]]>
// CHECK: tile.reduce max %{{.*}} axis 0 : tensor<4x1xf32, #[[$COL]]>
func.func @tile_to_scalar(%x: !tile.view<f32, 2>, %m: !tile.view<f32, 1>, %row: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%row, %c0] : !tile.view<f32, 2> -> tensor<4x256xf32>
  %rows = tile.reduce max %t axis 1 : tensor<4x256xf32> -> tensor<4xf32>
  %col = tile.expand_dims %rows axis 1 : tensor<4xf32> -> tensor<4x1xf32>
  %one = tile.reduce max %col axis 0 : tensor<4x1xf32> -> tensor<1xf32>
  %s = tile.to_scalar %one : tensor<1xf32> -> f32
  tile.store_scalar %s, %m[%row] : f32 -> !tile.view<f32, 1>
  return
}

// -----

// An atomic_add's tile is a memory access like a store's: a constant added
// to a column block takes the blocked layout of its 16-byte accesses; a
// dot's result is added from its mma layout (one owner a slot).
// CHECK-DAG: #[[$ROW:.*]] = #tilegpu.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-DAG: #[[$MMA:.*]] = #tilegpu.mma<warpsM = 4, warpsN = 1>
// CHECK-LABEL: func.func @atomic_adds
// CHECK: %[[ONES:.*]] = arith.constant dense<1.000000e+00> : tensor<512xf32, #[[$ROW]]>
// CHECK-NEXT: tile.atomic_add %[[ONES]], %{{.*}}[%{{.*}}] : tensor<512xf32, #[[$ROW]]> -> !tile.view<f32, 1>
// CHECK: %[[D:.*]] = tile.dot
// CHECK-NEXT: tile.atomic_add %[[D]], %{{.*}}[%{{.*}}, %{{.*}}] : tensor<64x64xf32, #[[$MMA]]> -> !tile.view<f32, 2>
func.func @atomic_adds(%s: !tile.view<f32, 1>, %a: !tile.view<f16, 2>, %c: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %ones = arith.constant dense<1.0> : tensor<512xf32>
  tile.atomic_add %ones, %s[%c0] : tensor<512xf32> -> !tile.view<f32, 1>
  %x = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %d = tile.dot %x, %x, %zero : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
  tile.atomic_add %d, %c[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  return
}

// -----

// A scan runs on blocked tiles: a dot's result is scanned in a blocked copy,
// and the scan's result goes back into the mma layout where it is added to
// the dot. A loaded row is scanned in its own blocked layout.
// CHECK-DAG: #[[$MMA:.*]] = #tilegpu.mma<warpsM = 4, warpsN = 1>
// CHECK-DAG: #[[$V:.*]] = #tilegpu.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: func.func @scans
// CHECK: %[[D:.*]] = tile.dot {{.*}} -> tensor<64x16xf32, #[[$MMA]]>
// CHECK: %[[IN:.*]] = tilegpu.convert_layout %[[D]] : tensor<64x16xf32, #[[$MMA]]> -> tensor<64x16xf32, #[[$B:.*]]>
// CHECK: %[[S:.*]] = tile.scan %[[IN]] axis 1 : tensor<64x16xf32, #[[$B]]>
// CHECK: %[[OUT:.*]] = tilegpu.convert_layout %[[S]] : tensor<64x16xf32, #[[$B]]> -> tensor<64x16xf32, #[[$MMA]]>
// CHECK: arith.addf %[[D]], %[[OUT]] : tensor<64x16xf32, #[[$MMA]]>
// CHECK: tile.scan %{{.*}} axis 0 : tensor<512xf32, #[[$V]]>
func.func @scans(%a: !tile.view<f16, 2>, %o: !tile.view<f32, 2>, %r: !tile.view<f32, 1>, %i: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %x = tile.load %a[%i, %i] : !tile.view<f16, 2> -> tensor<64x16xf16>
  %y = tile.load %a[%i, %i] : !tile.view<f16, 2> -> tensor<16x16xf16>
  %z = arith.constant dense<0.0> : tensor<64x16xf32>
  %d = tile.dot %x, %y, %z : tensor<64x16xf16>, tensor<16x16xf16> -> tensor<64x16xf32>
  %s = tile.scan %d axis 1 : tensor<64x16xf32>
  %e = arith.addf %d, %s : tensor<64x16xf32>
  tile.store %e, %o[%i, %i] : tensor<64x16xf32> -> !tile.view<f32, 2>
  %v = tile.load %r[%i] : !tile.view<f32, 1> -> tensor<512xf32>
  %w = tile.scan %v axis 0 : tensor<512xf32>
  tile.store %w, %r[%i] : tensor<512xf32> -> !tile.view<f32, 1>
  return
}
