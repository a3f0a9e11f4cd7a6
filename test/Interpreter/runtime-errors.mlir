// RUN: not tessera-run --interpret %s 2>&1 | FileCheck %s

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
