// RUN: not tessera-run --interpret %s 2>&1 | FileCheck %s

// An op outside the interpreter's set is reported with its location.

func.func @k(%out: !tile.view<f32, 1> {tile.name = "Out", tile.shape = [4], tile.role = "output"})
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : i32
  // CHECK: unsupported.mlir:[[# @LINE + 1]]:8: error: 'tensor.empty' op is not supported by the interpreter
  %e = tensor.empty() : tensor<4xf32>
  tile.store %e, %out[%c0] : tensor<4xf32> -> !tile.view<f32, 1>
  return
}
