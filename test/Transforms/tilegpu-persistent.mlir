// RUN: tessera-opt %s -allow-unregistered-dialect -split-input-file -tilegpu-persistent -verify-diagnostics | FileCheck %s --enable-var-scope
// RUN: tessera-opt %s -allow-unregistered-dialect -split-input-file -tilegpu-persistent=force -verify-diagnostics | FileCheck %s --check-prefix=FORCE --enable-var-scope

// The grid (cdiv(N, 128), BH) is computed in the kernel from the sizes'
// tile.dim; the body runs in a loop over rounds, the programs taken in
// mirrored pairs along axis 0: position s is program j / 2 of axis 0 when
// j = s % G0 is even and G0 - 1 - j / 2 when it is odd, of slab s / G0; CTA c
// (its program_id 0, of ctas launched) runs position (r / 2) * 2 * ctas +
// 2 * c + r % 2 in round r, for 2 * (programs / (2 * ctas)) rounds and
// min(max(programs % (2 * ctas) - 2 * c, 0), 2) more. Each grid query of the
// body becomes the logical one (axis 2, past the grid's rank, is 0 of 1).
// CHECK-LABEL: func.func @fa
// CHECK-SAME: tilegpu.persistent
// CHECK-NEXT: %[[BH:.*]] = tile.dim %arg0, 0
// CHECK-NEXT: %[[N:.*]] = tile.dim %arg0, 1
// CHECK-NEXT: %[[C128:.*]] = arith.constant 128 : i32
// CHECK-NEXT: %[[G0:.*]] = arith.ceildivsi %[[N]], %[[C128]] : i32
// CHECK-NEXT: %[[TOTAL:.*]] = arith.muli %[[G0]], %[[BH]] : i32
// CHECK-NEXT: %[[CTA:.*]] = tile.program_id 0
// CHECK-NEXT: %[[CTAS:.*]] = tile.num_programs 0
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[SPAN:.*]] = arith.muli %[[CTAS]], %[[C2]] : i32
// CHECK-NEXT: %[[SPANS:.*]] = arith.divsi %[[TOTAL]], %[[SPAN]] : i32
// CHECK-NEXT: %[[LEFT:.*]] = arith.remsi %[[TOTAL]], %[[SPAN]] : i32
// CHECK-NEXT: %[[FIRST:.*]] = arith.muli %[[CTA]], %[[C2]] : i32
// CHECK-NEXT: %[[AFTER:.*]] = arith.subi %[[LEFT]], %[[FIRST]] : i32
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[MORE:.*]] = arith.maxsi %[[AFTER]], %[[C0]] : i32
// CHECK-NEXT: %[[EXTRA:.*]] = arith.minsi %[[MORE]], %[[C2]] : i32
// CHECK-NEXT: %[[PAIRED:.*]] = arith.muli %[[SPANS]], %[[C2]] : i32
// CHECK-NEXT: %[[ROUNDS:.*]] = arith.addi %[[PAIRED]], %[[EXTRA]] : i32
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT: scf.for %[[R:.*]] = %[[ZERO]] to %[[ROUNDS]] step %[[ONE]] : i32 {
// CHECK-NEXT: %[[RPAIR:.*]] = arith.divsi %[[R]], %[[C2]] : i32
// CHECK-NEXT: %[[BASE:.*]] = arith.muli %[[RPAIR]], %[[SPAN]] : i32
// CHECK-NEXT: %[[MINE:.*]] = arith.addi %[[BASE]], %[[FIRST]] : i32
// CHECK-NEXT: %[[SECOND:.*]] = arith.remsi %[[R]], %[[C2]] : i32
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[MINE]], %[[SECOND]] : i32
// CHECK-NEXT: %[[J:.*]] = arith.remsi %[[S]], %[[G0]] : i32
// CHECK-NEXT: %[[HALF:.*]] = arith.divsi %[[J]], %[[C2]] : i32
// CHECK-NEXT: %[[JPAR:.*]] = arith.remsi %[[J]], %[[C2]] : i32
// CHECK-NEXT: %[[JZ:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[ODD:.*]] = arith.cmpi ne, %[[JPAR]], %[[JZ]] : i32
// CHECK-NEXT: %[[JO:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[LAST:.*]] = arith.subi %[[G0]], %[[JO]] : i32
// CHECK-NEXT: %[[MIRROR:.*]] = arith.subi %[[LAST]], %[[HALF]] : i32
// CHECK-NEXT: %[[P0:.*]] = arith.select %[[ODD]], %[[MIRROR]], %[[HALF]] : i32
// CHECK-NEXT: %[[P1:.*]] = arith.divsi %[[S]], %[[G0]] : i32
// CHECK-DAG: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[O:.*]] = arith.constant 1 : i32
// CHECK-NOT: tile.program_id
// CHECK-NOT: tile.num_programs
// CHECK: "test.use"(%[[P0]], %[[P1]], %[[Z]], %[[G0]], %[[BH]], %[[O]])
// CHECK-NEXT: } {tilegpu.persistent}
// CHECK-NEXT: return
#grid = affine_map<()[s0, s1] -> (s1 ceildiv 128, s0)>
func.func @fa(%q: !tile.view<f16, 3> {tile.role = "input", tile.shape = ["BH", "N", 64]})
    attributes {tile.kernel, tile.grid = #grid, tile.sizes = ["BH", "N"], tile.persistent = true} {
  %p0 = tile.program_id 0
  %p1 = tile.program_id 1
  %p2 = tile.program_id 2
  %n0 = tile.num_programs 0
  %n1 = tile.num_programs 1
  %n2 = tile.num_programs 2
  "test.use"(%p0, %p1, %p2, %n0, %n1, %n2) : (i32, i32, i32, i32, i32, i32) -> ()
  return
}

// -----

// Three axes: axis 0 mirrored from s % G0, then (s / G0) % G1 and
// s / G0 / G1; a size is the first argument's dimension of that name (M of
// %b, not of %a, which has none).
// CHECK-LABEL: func.func @three_axes
// CHECK: %[[K:.*]] = tile.dim %arg0, 0
// CHECK: %[[M:.*]] = tile.dim %arg1, 1
// CHECK: %[[G0:.*]] = arith.floordivsi %[[M]], %{{.*}} : i32
// CHECK: %[[G2:.*]] = arith.remsi %[[K]], %{{.*}} : i32
// CHECK: scf.for
// CHECK: %[[J:.*]] = arith.remsi %[[S:.*]], %[[G0]]
// CHECK: %[[P0:.*]] = arith.select
// CHECK-NEXT: %[[R:.*]] = arith.divsi %[[S]], %[[G0]]
// CHECK-NEXT: %[[P1:.*]] = arith.remsi %[[R]], %[[G1:.*]] : i32
// CHECK-NEXT: %[[P2:.*]] = arith.divsi %[[R]], %[[G1]]
// CHECK: "test.use"(%[[P0]], %[[P1]], %[[P2]])
#grid3 = affine_map<()[s0, s1] -> (s1 floordiv 2, 3, s0 mod 5)>
func.func @three_axes(%a: !tile.view<f16, 1> {tile.role = "input", tile.shape = ["K"]},
                      %b: !tile.view<f16, 2> {tile.role = "input", tile.shape = [4, "M"]})
    attributes {tile.kernel, tile.grid = #grid3, tile.sizes = ["K", "M"], tile.persistent = true} {
  %p0 = tile.program_id 0
  %p1 = tile.program_id 1
  %p2 = tile.program_id 2
  "test.use"(%p0, %p1, %p2) : (i32, i32, i32) -> ()
  return
}

// -----

// A kernel that does not ask keeps its grid, unless the pass is forced.
// CHECK-LABEL: func.func @plain
// CHECK-NOT: tilegpu.persistent
// CHECK-NOT: scf.for
// CHECK: tile.program_id 0
// FORCE-LABEL: func.func @plain
// FORCE-SAME: tilegpu.persistent
// FORCE: %[[N:.*]] = tile.dim %arg0, 0
// FORCE: scf.for
// One axis: the position is j itself (no slab).
// FORCE: %[[SECOND:.*]] = arith.remsi %arg1
// FORCE-NEXT: %[[S:.*]] = arith.addi %{{.*}}, %[[SECOND]] : i32
// FORCE-NEXT: %[[HALF:.*]] = arith.divsi %[[S]], %{{.*}} : i32
// FORCE-NEXT: %[[PAR:.*]] = arith.remsi %[[S]], %{{.*}} : i32
// FORCE: %[[LAST:.*]] = arith.subi %[[N]], %{{.*}} : i32
// FORCE-NEXT: %[[MIRROR:.*]] = arith.subi %[[LAST]], %[[HALF]] : i32
// FORCE-NEXT: %[[P:.*]] = arith.select %{{.*}}, %[[MIRROR]], %[[HALF]] : i32
// FORCE-NEXT: "test.use"(%[[P]])
// FORCE: } {tilegpu.persistent}
#grid = affine_map<()[s0] -> (s0)>
func.func @plain(%x: !tile.view<f32, 1> {tile.role = "input", tile.shape = ["N"]})
    attributes {tile.kernel, tile.grid = #grid, tile.sizes = ["N"]} {
  %p = tile.program_id 0
  "test.use"(%p) : (i32) -> ()
  return
}

// -----

// expected-error @below {{cannot make the kernel persistent: grid size 1 (M) is no argument's dimension (tile.shape)}}
func.func @unknown_size(%x: !tile.view<f32, 1> {tile.role = "input", tile.shape = ["N"]})
    attributes {tile.kernel, tile.grid = affine_map<()[s0, s1] -> (s0, s1)>, tile.sizes = ["N", "M"], tile.persistent = true} {
  return
}

// -----

// expected-error @below {{cannot make a kernel without 'tile.grid' persistent}}
func.func @no_grid() attributes {tile.kernel, tile.persistent = true} {
  return
}
