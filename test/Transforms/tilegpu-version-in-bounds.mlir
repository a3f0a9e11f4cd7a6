// RUN: tessera-opt %s -split-input-file -tilegpu-version-in-bounds -canonicalize -cse | FileCheck %s --enable-var-scope
// RUN: tessera-opt %s -split-input-file -tilegpu-persistent=force -tilegpu-version-in-bounds -canonicalize -cse | FileCheck %s --check-prefix=PERSISTENT --enable-var-scope

// Two rows a program of a row-wise kernel (layernorm's shape): the copy taken
// when rows row..row+1 lie inside M and the 8-column tile inside N (X's and
// Y's, and the mask's 7 < N) loads and stores with in_bounds and selects
// without the mask; the other copy is the program as it was. The scalar
// prologue (the row, N as f32) stays before the branch.
// CHECK-LABEL: func.func @rows
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i64
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : i64
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : i64
// CHECK-DAG: %[[C7:.*]] = arith.constant 7 : i64
// CHECK: %[[PID:.*]] = tile.program_id 0
// CHECK: %[[ROW:.*]] = arith.muli %[[PID]], %{{.*}} : i32
// CHECK: %[[ROW64:.*]] = arith.extsi %[[ROW]] : i32 to i64
// CHECK: %[[M:.*]] = tile.dim %arg0, 0
// CHECK: %[[M64:.*]] = arith.extsi %[[M]] : i32 to i64
// CHECK: %[[END:.*]] = arith.addi %[[ROW64]], %[[C2]] : i64
// CHECK: arith.cmpi sge, %[[ROW64]], %[[C0]] : i64
// CHECK: arith.cmpi sle, %[[END]], %[[M64]] : i64
// CHECK: %[[N:.*]] = tile.dim %arg0, 1
// CHECK: %[[N64:.*]] = arith.extsi %[[N]] : i32 to i64
// CHECK: arith.cmpi sge, %[[N64]], %[[C8]] : i64
// CHECK: tile.dim %arg1, 0
// CHECK: tile.dim %arg1, 1
// CHECK: arith.cmpi sgt, %[[N64]], %[[C7]] : i64
// CHECK: %[[INSIDE:.*]] = arith.andi
// CHECK: %[[NF:.*]] = arith.sitofp %[[N]] : i32 to f32
// CHECK: scf.if %[[INSIDE]] {
// CHECK-NEXT: %[[X:.*]] = tile.load %arg0[%[[ROW]], %{{.*}}] {in_bounds = array<i1: true, true>}
// CHECK-NOT: arith.select
// CHECK: arith.subf %[[X]]
// CHECK-NOT: arith.select
// CHECK: tile.store %{{.*}}, %arg1[%[[ROW]], %{{.*}}] {in_bounds = array<i1: true, true>}
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[X2:.*]] = tile.load %arg0[%[[ROW]], %{{.*}}] : !tile.view<f32, 2>
// CHECK: %[[MASK:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : tensor<1x8xi32>
// CHECK: arith.select
// CHECK: tile.store %{{.*}}, %arg1[%[[ROW]], %{{.*}}] : tensor<2x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return

// A persistent kernel's copies are in its loop of programs, where the
// program's row is known.
// PERSISTENT-LABEL: func.func @rows
// PERSISTENT: scf.for
// PERSISTENT: scf.if
// PERSISTENT: tile.load {{.*}} {in_bounds = array<i1: true, true>}
// PERSISTENT: } else {
// PERSISTENT: } {tilegpu.persistent}
func.func @rows(%x: !tile.view<f32, 2> {tile.name = "X", tile.role = "input", tile.shape = ["M", "N"]},
                %y: !tile.view<f32, 2> {tile.name = "Y", tile.role = "output", tile.shape = ["M", "N"]})
    attributes {tile.kernel, tile.grid = affine_map<()[s0, s1] -> (s0 ceildiv 2)>, tile.sizes = ["M", "N"], tile.num_warps = 1 : i32} {
  %pid = tile.program_id 0
  %c2 = arith.constant 2 : i32
  %row = arith.muli %pid, %c2 : i32
  %c0 = arith.constant 0 : i32
  %n = tile.dim %x, 1 : !tile.view<f32, 2>
  %nf = arith.sitofp %n : i32 to f32
  %t = tile.load %x[%row, %c0] : !tile.view<f32, 2> -> tensor<2x8xf32>
  %cols = tile.iota : tensor<8xi32>
  %cols2 = tile.expand_dims %cols axis 0 : tensor<8xi32> -> tensor<1x8xi32>
  %bound = tile.splat %n : i32 -> tensor<1x8xi32>
  %mask = arith.cmpi slt, %cols2, %bound : tensor<1x8xi32>
  %mask2 = tile.broadcast %mask : tensor<1x8xi1> -> tensor<2x8xi1>
  %s = tile.splat %nf : f32 -> tensor<2x8xf32>
  %d = arith.subf %t, %s : tensor<2x8xf32>
  %zero = arith.constant dense<0.0> : tensor<2x8xf32>
  %v = arith.select %mask2, %d, %zero : tensor<2x8xi1>, tensor<2x8xf32>
  tile.store %v, %y[%row, %c0] : tensor<2x8xf32> -> !tile.view<f32, 2>
  return
}

// -----

// Ranges by interval arithmetic: cols = 4 * pid + iota(4) - 1 compared both
// ways. `cols < N` holds for all when 4 * pid + 2 < N, `cols >= 0` when
// 4 * pid - 1 >= 0, each with the guards that the i32 sums fit (so the
// tile's values are not wrapped ones).
// CHECK-LABEL: func.func @affine
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i64
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i64
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : i64
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : i64
// CHECK-DAG: %[[MAX:.*]] = arith.constant 2147483647 : i64
// CHECK: %[[N:.*]] = tile.dim %arg0, 0
// CHECK: %[[N64:.*]] = arith.extsi %[[N]] : i32 to i64
// CHECK: %[[PID:.*]] = tile.program_id 0
// CHECK: %[[P64:.*]] = arith.extsi %[[PID]] : i32 to i64
// CHECK: %[[BASE:.*]] = arith.muli %[[P64]], %[[C4]] : i64
// CHECK: arith.cmpi sle, %[[BASE]], %[[MAX]] : i64
// CHECK: %[[LOW:.*]] = arith.subi %[[BASE]], %[[C1]] : i64
// CHECK: %[[HIGH:.*]] = arith.addi %[[BASE]], %[[C2]] : i64
// CHECK: arith.cmpi slt, %[[HIGH]], %[[N64]] : i64
// CHECK: arith.cmpi sge, %[[LOW]], %[[C0]] : i64
// CHECK: scf.if
// CHECK-NOT: arith.cmpi
// CHECK: tile.store {{.*}} {in_bounds = array<i1: true>}
// CHECK: } else {
// CHECK: arith.cmpi slt
// CHECK: arith.cmpi sge
func.func @affine(%o: !tile.view<i32, 1> {tile.name = "O", tile.role = "output", tile.shape = ["N"]})
    attributes {tile.kernel, tile.grid = affine_map<()[s0] -> (s0)>, tile.sizes = ["N"], tile.num_warps = 1 : i32} {
  %pid = tile.program_id 0
  %c4s = arith.constant 4 : i32
  %c4 = tile.splat %c4s : i32 -> tensor<4xi32>
  %p = tile.splat %pid : i32 -> tensor<4xi32>
  %base = arith.muli %p, %c4 : tensor<4xi32>
  %iota = tile.iota : tensor<4xi32>
  %one = arith.constant dense<1> : tensor<4xi32>
  %sum = arith.addi %base, %iota : tensor<4xi32>
  %cols = arith.subi %sum, %one : tensor<4xi32>
  %n = tile.dim %o, 0 : !tile.view<i32, 1>
  %bound = tile.splat %n : i32 -> tensor<4xi32>
  %below = arith.cmpi slt, %cols, %bound : tensor<4xi32>
  %zero = arith.constant dense<0> : tensor<4xi32>
  %above = arith.cmpi sge, %cols, %zero : tensor<4xi32>
  %in = arith.andi %below, %above : tensor<4xi1>
  %v = arith.select %in, %cols, %zero : tensor<4xi1>, tensor<4xi32>
  %c0 = arith.constant 0 : i32
  tile.store %v, %o[%c0] : tensor<4xi32> -> !tile.view<i32, 1>
  return
}

// -----

// A product of two tiles whose ranges are not constants: the i64 corners'
// min and max, each operand of an i32 product guarded to fit in i32.
// CHECK-LABEL: func.func @guarded
// CHECK-DAG: %[[MIN:.*]] = arith.constant -2147483648 : i64
// CHECK-DAG: %[[MAX:.*]] = arith.constant 2147483647 : i64
// CHECK: arith.cmpi sge, %{{.*}}, %[[MIN]] : i64
// CHECK: arith.cmpi sle, %{{.*}}, %[[MAX]] : i64
// CHECK: arith.minsi
// CHECK: arith.maxsi
// CHECK: scf.if
func.func @guarded(%o: !tile.view<i32, 1> {tile.name = "O", tile.role = "output", tile.shape = ["N"]},
                   %k: i32 {tile.name = "k"})
    attributes {tile.kernel, tile.grid = affine_map<()[s0] -> (s0)>, tile.sizes = ["N"], tile.num_warps = 1 : i32} {
  %pid = tile.program_id 0
  %p = tile.splat %pid : i32 -> tensor<4xi32>
  %iota = tile.iota : tensor<4xi32>
  %a = arith.addi %p, %iota : tensor<4xi32>
  %ks = tile.splat %k : i32 -> tensor<4xi32>
  %b = arith.addi %ks, %iota : tensor<4xi32>
  %prod = arith.muli %a, %b : tensor<4xi32>
  %n = tile.dim %o, 0 : !tile.view<i32, 1>
  %bound = tile.splat %n : i32 -> tensor<4xi32>
  %in = arith.cmpi slt, %prod, %bound : tensor<4xi32>
  %zero = arith.constant dense<0> : tensor<4xi32>
  %v = arith.select %in, %prod, %zero : tensor<4xi1>, tensor<4xi32>
  %c0 = arith.constant 0 : i32
  tile.store %v, %o[%c0] : tensor<4xi32> -> !tile.view<i32, 1>
  return
}

// -----

// Left alone: a compare that no program passes whole (iota(8) < 4: the
// first half of a rotary tile), an access whose only index is a loop's (the
// program's start cannot know it), a compare of two tiles that are not
// affine in iota, and the loop of a kernel that prefetches its register
// loads (tilegpu-pipeline issues only a loop body's top-level loads ahead).
// CHECK-LABEL: func.func @unchanged
// CHECK-NOT: scf.if
// CHECK-NOT: in_bounds
// CHECK: return
func.func @unchanged(%x: !tile.view<f32, 1> {tile.name = "X", tile.role = "inout", tile.shape = ["N"]})
    attributes {tile.kernel, tile.grid = affine_map<()[s0] -> (1)>, tile.sizes = ["N"], tile.num_warps = 1 : i32, tile.prefetch_registers = true} {
  %c0 = arith.constant 0 : i32
  %c8 = arith.constant 8 : i32
  %n = tile.dim %x, 0 : !tile.view<f32, 1>
  scf.for %start = %c0 to %n step %c8 : i32 {
    %t = tile.load %x[%start] : !tile.view<f32, 1> -> tensor<8xf32>
    %iota = tile.iota : tensor<8xi32>
    %half = arith.constant dense<4> : tensor<8xi32>
    %first = arith.cmpi slt, %iota, %half : tensor<8xi32>
    %bits = arith.bitcast %t : tensor<8xf32> to tensor<8xi32>
    %pos = arith.cmpi sgt, %bits, %iota : tensor<8xi32>
    %both = arith.andi %first, %pos : tensor<8xi1>
    %neg = arith.negf %t : tensor<8xf32>
    %v = arith.select %both, %neg, %t : tensor<8xi1>, tensor<8xf32>
    tile.store %v, %x[%start] : tensor<8xf32> -> !tile.view<f32, 1>
  }
  return
}

// -----

// A kernel with a dot is not copied whole; its store at the program's top
// level (an epilogue) is copied under its own condition, computed right
// before it: rows row..row+15 inside M, columns 0..15 inside K. The load
// (before the dot) keeps its checks.
// CHECK-LABEL: func.func @dot
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i64
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : i64
// CHECK: %[[T:.*]] = tile.load %arg0[%[[ROW:.*]], %{{.*}}] : !tile.view<f16, 2>
// CHECK: %[[D:.*]] = tile.dot
// CHECK: %[[ROW64:.*]] = arith.extsi %[[ROW]] : i32 to i64
// CHECK: %[[M:.*]] = tile.dim %arg1, 0
// CHECK: %[[M64:.*]] = arith.extsi %[[M]] : i32 to i64
// CHECK: %[[END:.*]] = arith.addi %[[ROW64]], %[[C16]] : i64
// CHECK: %[[LO:.*]] = arith.cmpi sge, %[[ROW64]], %[[C0]] : i64
// CHECK: %[[HI:.*]] = arith.cmpi sle, %[[END]], %[[M64]] : i64
// CHECK: %[[ROWS:.*]] = arith.andi %[[LO]], %[[HI]] : i1
// CHECK: %[[K:.*]] = tile.dim %arg1, 1
// CHECK: %[[K64:.*]] = arith.extsi %[[K]] : i32 to i64
// CHECK: %[[COLS:.*]] = arith.cmpi sge, %[[K64]], %[[C16]] : i64
// CHECK: %[[INSIDE:.*]] = arith.andi %[[ROWS]], %[[COLS]] : i1
// CHECK-NEXT: scf.if %[[INSIDE]] {
// CHECK-NEXT: tile.store %[[D]], %arg1[%[[ROW]], %{{.*}}] {in_bounds = array<i1: true, true>}
// CHECK-NEXT: } else {
// CHECK-NEXT: tile.store %[[D]], %arg1[%[[ROW]], %{{.*}}] : tensor<16x16xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @dot(%a: !tile.view<f16, 2> {tile.name = "A", tile.role = "input", tile.shape = ["M", "K"]},
               %c: !tile.view<f32, 2> {tile.name = "C", tile.role = "output", tile.shape = ["M", "K"]})
    attributes {tile.kernel, tile.grid = affine_map<()[s0, s1] -> (s0 ceildiv 16)>, tile.sizes = ["M", "K"], tile.num_warps = 4 : i32} {
  %pid = tile.program_id 0
  %c16 = arith.constant 16 : i32
  %row = arith.muli %pid, %c16 : i32
  %c0 = arith.constant 0 : i32
  %t = tile.load %a[%row, %c0] : !tile.view<f16, 2> -> tensor<16x16xf16>
  %tt = tile.trans %t : tensor<16x16xf16> -> tensor<16x16xf16>
  %acc = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = tile.dot %t, %tt, %acc : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
  tile.store %d, %c[%row, %c0] : tensor<16x16xf32> -> !tile.view<f32, 2>
  return
}

// -----

// A compare every program passes (iota(8) < 16): folded in place, no copy
// of the program (its accesses are the loop's). The loop's body is copied
// per iteration (the accesses' condition, i + 8 <= N).
// CHECK-LABEL: func.func @always
// CHECK-NOT: tensor<8xi32>
// CHECK: scf.for
// CHECK: scf.if
// CHECK-NEXT: %[[T:.*]] = tile.load {{.*}} {in_bounds = array<i1: true>}
// CHECK-NEXT: tile.store %[[T]], {{.*}} {in_bounds = array<i1: true>}
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[T2:.*]] = tile.load
// CHECK-NEXT: tile.store %[[T2]], %{{.*}}[%{{.*}}] : tensor<8xf32>
func.func @always(%o: !tile.view<f32, 1> {tile.name = "O", tile.role = "inout", tile.shape = ["N"]})
    attributes {tile.kernel, tile.grid = affine_map<()[s0] -> (1)>, tile.sizes = ["N"], tile.num_warps = 1 : i32} {
  %iota = tile.iota : tensor<8xi32>
  %c16 = arith.constant dense<16> : tensor<8xi32>
  %in = arith.cmpi slt, %iota, %c16 : tensor<8xi32>
  %zero = arith.constant dense<0.0> : tensor<8xf32>
  %c0 = arith.constant 0 : i32
  %c8 = arith.constant 8 : i32
  %n = tile.dim %o, 0 : !tile.view<f32, 1>
  scf.for %i = %c0 to %n step %c8 : i32 {
    %t = tile.load %o[%i] : !tile.view<f32, 1> -> tensor<8xf32>
    %v = arith.select %in, %t, %zero : tensor<8xi1>, tensor<8xf32>
    tile.store %v, %o[%i] : tensor<8xf32> -> !tile.view<f32, 1>
  }
  return
}

// -----

// In a persistent kernel with a dot, the epilogue's store is versioned in
// the loop of programs; a store in a loop of the program keeps its checks
// (its condition would be computed every iteration), and a store with every
// dimension already in_bounds is left as it is.
// PERSISTENT-LABEL: func.func @dot_persistent
// PERSISTENT: scf.for
// PERSISTENT: scf.for
// PERSISTENT-NEXT: tile.store %{{.*}}, %arg2[%{{.*}}] : tensor<16x16xf32>
// PERSISTENT-NEXT: }
// PERSISTENT: tile.store %{{.*}}, %arg2[%{{.*}}] {in_bounds = array<i1: true, true>}
// PERSISTENT: scf.if
// PERSISTENT-NEXT: tile.store %{{.*}}, %arg1[%{{.*}}] {in_bounds = array<i1: true, true>}
// PERSISTENT-NEXT: } else {
// PERSISTENT-NEXT: tile.store %{{.*}}, %arg1[%{{.*}}] : tensor<16x16xf32>
// PERSISTENT-NEXT: }
// PERSISTENT-NEXT: } {tilegpu.persistent}
func.func @dot_persistent(%a: !tile.view<f16, 2> {tile.name = "A", tile.role = "input", tile.shape = ["M", "K"]},
                          %c: !tile.view<f32, 2> {tile.name = "C", tile.role = "output", tile.shape = ["M", "K"]},
                          %s: !tile.view<f32, 2> {tile.name = "S", tile.role = "output", tile.shape = ["M", "K"]})
    attributes {tile.kernel, tile.grid = affine_map<()[s0, s1] -> (s0 ceildiv 16)>, tile.sizes = ["M", "K"], tile.num_warps = 4 : i32} {
  %pid = tile.program_id 0
  %c16 = arith.constant 16 : i32
  %row = arith.muli %pid, %c16 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %t = tile.load %a[%row, %c0] : !tile.view<f16, 2> -> tensor<16x16xf16>
  %tt = tile.trans %t : tensor<16x16xf16> -> tensor<16x16xf16>
  %acc = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = tile.dot %t, %tt, %acc : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
  scf.for %i = %c0 to %c16 step %c1 : i32 {
    tile.store %d, %s[%i, %c0] : tensor<16x16xf32> -> !tile.view<f32, 2>
  }
  tile.store %d, %s[%row, %c0] {in_bounds = array<i1: true, true>} : tensor<16x16xf32> -> !tile.view<f32, 2>
  tile.store %d, %c[%row, %c0] : tensor<16x16xf32> -> !tile.view<f32, 2>
  return
}

// -----

// A LOOPED kernel's chunk loop (layernorm.tile with LOOPED): its body is
// copied per iteration under the condition computed at the body's start —
// row inside M, start..start+8 inside N, and the mask start + iota(8) < N
// wholly true — so every chunk but the last loads, stores and selects
// without checks. The sum carried by the loop leaves through the scf.if.
// The program is not copied (no access of it is whole at its start).
// CHECK-LABEL: func.func @chunks
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i64
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i64
// CHECK-DAG: %[[C7:.*]] = arith.constant 7 : i64
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : i64
// CHECK: %[[ROW:.*]] = tile.program_id 0
// CHECK-NOT: scf.if
// CHECK: %{{.*}} = scf.for %[[START:.*]] = %{{.*}} to %[[N:.*]] step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<1x8xf32>) : i32 {
// CHECK: %[[ROW64:.*]] = arith.extsi %[[ROW]] : i32 to i64
// CHECK: arith.addi %[[ROW64]], %[[C1]] : i64
// CHECK: %[[START64:.*]] = arith.extsi %[[START]] : i32 to i64
// CHECK: %[[N64:.*]] = arith.extsi %[[N]] : i32 to i64
// CHECK: %[[END:.*]] = arith.addi %[[START64]], %[[C8]] : i64
// CHECK: arith.cmpi sle, %[[END]], %[[N64]] : i64
// CHECK: %[[LAST:.*]] = arith.addi %[[START64]], %[[C7]] : i64
// CHECK: arith.cmpi slt, %[[LAST]], %[[N64]] : i64
// CHECK: %[[SUM:.*]] = scf.if %{{.*}} -> (tensor<1x8xf32>) {
// CHECK-NEXT: %[[X:.*]] = tile.load %arg0[%[[ROW]], %[[START]]] {in_bounds = array<i1: true, true>}
// CHECK-NOT: arith.select
// CHECK: %[[S:.*]] = arith.addf %[[ACC]], %[[X]]
// CHECK-NEXT: scf.yield %[[S]]
// CHECK-NEXT: } else {
// CHECK-NEXT: tile.load %arg0[%[[ROW]], %[[START]]] : !tile.view<f32, 2>
// CHECK: arith.select
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %[[SUM]]
// CHECK: scf.for
// CHECK: scf.if
// CHECK: tile.store {{.*}} {in_bounds = array<i1: true, true>}
// CHECK: } else {
// CHECK: tile.store %{{.*}}, %arg1[%[[ROW]], %{{.*}}] : tensor<1x8xf32>
func.func @chunks(%x: !tile.view<f32, 2> {tile.name = "X", tile.role = "input", tile.shape = ["M", "N"]},
                  %y: !tile.view<f32, 2> {tile.name = "Y", tile.role = "output", tile.shape = ["M", "N"]})
    attributes {tile.kernel, tile.grid = affine_map<()[s0, s1] -> (s0)>, tile.sizes = ["M", "N"], tile.num_warps = 1 : i32} {
  %row = tile.program_id 0
  %c0 = arith.constant 0 : i32
  %c8 = arith.constant 8 : i32
  %n = tile.dim %x, 1 : !tile.view<f32, 2>
  %cols = tile.iota : tensor<8xi32>
  %cols2 = tile.expand_dims %cols axis 0 : tensor<8xi32> -> tensor<1x8xi32>
  %bound = tile.splat %n : i32 -> tensor<1x8xi32>
  %zero = arith.constant dense<0.0> : tensor<1x8xf32>
  %sum = scf.for %start = %c0 to %n step %c8 iter_args(%acc = %zero) -> (tensor<1x8xf32>) : i32 {
    %t = tile.load %x[%row, %start] : !tile.view<f32, 2> -> tensor<1x8xf32>
    %s = tile.splat %start : i32 -> tensor<1x8xi32>
    %at = arith.addi %s, %cols2 : tensor<1x8xi32>
    %inside = arith.cmpi slt, %at, %bound : tensor<1x8xi32>
    %v = arith.select %inside, %t, %zero : tensor<1x8xi1>, tensor<1x8xf32>
    %next = arith.addf %acc, %v : tensor<1x8xf32>
    scf.yield %next : tensor<1x8xf32>
  }
  scf.for %start = %c0 to %n step %c8 : i32 {
    %t = tile.load %x[%row, %start] : !tile.view<f32, 2> -> tensor<1x8xf32>
    %o = arith.subf %t, %sum : tensor<1x8xf32>
    tile.store %o, %y[%row, %start] : tensor<1x8xf32> -> !tile.view<f32, 2>
  }
  return
}

// -----

// Loops in a copied program: in the copy whose row is inside M the inner
// loop's accesses are already in bounds along the row, so its condition is
// the columns' alone (in the other copy, the row's too); the outer loop (a
// loop with a loop in it) is not copied, only the innermost.
// CHECK-LABEL: func.func @nested
// CHECK: scf.if
// CHECK: scf.for
// CHECK-NOT: scf.if
// CHECK: scf.for
// CHECK-NOT: tile.dim %arg0, 0
// CHECK: scf.if
// CHECK-NEXT: tile.load {{.*}} {in_bounds = array<i1: true, true>}
// CHECK: } else {
// CHECK-NEXT: tile.load %{{.*}} {in_bounds = array<i1: true, false>}
// CHECK: } else {
// CHECK: scf.for
// CHECK-NOT: scf.if
// CHECK: scf.for
// CHECK: scf.if
// CHECK-NEXT: tile.load {{.*}} {in_bounds = array<i1: true, true>}
// CHECK: } else {
// CHECK-NEXT: tile.load %arg0[%{{.*}}, %{{.*}}] : !tile.view<f32, 2>
func.func @nested(%x: !tile.view<f32, 2> {tile.name = "X", tile.role = "inout", tile.shape = ["M", "N"]})
    attributes {tile.kernel, tile.grid = affine_map<()[s0, s1] -> (s0)>, tile.sizes = ["M", "N"], tile.num_warps = 1 : i32} {
  %row = tile.program_id 0
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c8 = arith.constant 8 : i32
  %n = tile.dim %x, 1 : !tile.view<f32, 2>
  %first = tile.load %x[%row, %c0] : !tile.view<f32, 2> -> tensor<1x8xf32>
  scf.for %k = %c0 to %c3 step %c1 : i32 {
    scf.for %start = %c8 to %n step %c8 : i32 {
      %t = tile.load %x[%row, %start] : !tile.view<f32, 2> -> tensor<1x8xf32>
      %o = arith.addf %t, %first : tensor<1x8xf32>
      tile.store %o, %x[%row, %start] : tensor<1x8xf32> -> !tile.view<f32, 2>
    }
  }
  return
}

// -----

// A loop whose next row index is scalar prologue of its body (computed once,
// before the copies) and is carried: the copies yield only the tile; the
// loop's yield reads the index from before the branch (found by
// tessera-pipeline-fuzzer: the index was looked up among the copied ops).
// CHECK-LABEL: func.func @carried_index
// CHECK: scf.for %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[ROW:.*]] = %{{.*}}) -> (tensor<16x64xf32>, i32)
// CHECK: %[[NEXT:.*]] = arith.addi %[[ROW]], %{{.*}} : i32
// CHECK: %[[SUM:.*]] = scf.if %{{.*}} -> (tensor<16x64xf32>) {
// CHECK: tile.load %{{.*}}[%[[ROW]], %{{.*}}] {in_bounds = array<i1: true, true>}
// CHECK: } else {
// CHECK: tile.load %{{.*}}[%[[ROW]], %{{.*}}] {in_bounds = array<i1: false, true>}
// CHECK: }
// CHECK-NEXT: scf.yield %[[SUM]], %[[NEXT]] : tensor<16x64xf32>, i32
func.func @carried_index(%x: !tile.view<f32, 2> {tile.shape = ["M", 64]}, %o: !tile.view<f32, 2>, %n: i32)
    attributes {tile.kernel, tile.grid = affine_map<()[s0] -> (1)>, tile.sizes = ["M"], tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %init = arith.constant dense<0.0> : tensor<16x64xf32>
  %r:2 = scf.for %j = %c0 to %n step %c16 iter_args(%acc = %init, %row = %c0) -> (tensor<16x64xf32>, i32) : i32 {
    %t = tile.load %x[%row, %c0] : !tile.view<f32, 2> -> tensor<16x64xf32>
    %sum = arith.addf %acc, %t : tensor<16x64xf32>
    %next = arith.addi %row, %c16 : i32
    scf.yield %sum, %next : tensor<16x64xf32>, i32
  }
  tile.store %r#0, %o[%c0, %c0] : tensor<16x64xf32> -> !tile.view<f32, 2>
  return
}
