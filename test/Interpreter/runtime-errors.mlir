// RUN: not tessera-run --interpret %s --kernel div 2>&1 | FileCheck %s
// RUN: not tessera-run --interpret %s --kernel broken_promise 2>&1 | FileCheck %s --check-prefix=PROMISE

// Ops the interpreter does not know, and undefined behaviour at run time, are
// errors at the op's location (with the program that hit them), not crashes.

// CHECK: runtime-errors.mlir:[[# @LINE + 7]]:8: error: 'arith.divsi' op divides by zero
// CHECK: runtime-errors.mlir:[[# @LINE + 6]]:8: note: in program (1, 0, 0)
func.func @div(%out: !tile.view<i32, 1> {tile.name = "Out", tile.shape = [4], tile.role = "output"})
    attributes {tile.kernel, tile.grid = affine_map<() -> (4)>} {
  %pid = tile.program_id 0
  %c1 = arith.constant 1 : i32
  %d = arith.subi %pid, %c1 : i32
  %q = arith.divsi %c1, %d : i32
  %t = tile.splat %q : i32 -> tensor<1xi32>
  tile.store %t, %out[%pid] : tensor<1xi32> -> !tile.view<i32, 1>
  return
}


// An in_bounds promise (tilegpu-version-in-bounds) that an access breaks: the
// GPU would read past the tensor.
// PROMISE: runtime-errors.mlir:[[# @LINE + 7]]:8: error: 'tile.load' op promises in_bounds along dimension 0, but [4, 12) is not inside [0, 10)
// PROMISE: note: in program (1, 0, 0)
func.func @broken_promise(%x: !tile.view<f32, 1> {tile.name = "X", tile.shape = [10], tile.role = "inout"})
    attributes {tile.kernel, tile.grid = affine_map<() -> (2)>} {
  %pid = tile.program_id 0
  %c4 = arith.constant 4 : i32
  %i = arith.muli %pid, %c4 : i32
  %t = tile.load %x[%i] {in_bounds = array<i1: true>} : !tile.view<f32, 1> -> tensor<8xf32>
  tile.store %t, %x[%i] : tensor<8xf32> -> !tile.view<f32, 1>
  return
}
