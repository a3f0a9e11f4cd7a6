// RUN: tessera-opt %s -canonicalize -split-input-file | FileCheck %s --enable-var-scope

// CHECK-LABEL: func.func @trans_trans
// CHECK-SAME: (%[[X:.*]]: tensor<16x8xf16>)
// CHECK-NEXT: return %[[X]]
func.func @trans_trans(%x: tensor<16x8xf16>) -> tensor<16x8xf16> {
  %t = tile.trans %x : tensor<16x8xf16> -> tensor<8x16xf16>
  %u = tile.trans %t : tensor<8x16xf16> -> tensor<16x8xf16>
  return %u : tensor<16x8xf16>
}

// -----

// A single transpose stays.
// CHECK-LABEL: func.func @trans_once
// CHECK: tile.trans
func.func @trans_once(%x: tensor<16x8xf16>) -> tensor<8x16xf16> {
  %t = tile.trans %x : tensor<16x8xf16> -> tensor<8x16xf16>
  return %t : tensor<8x16xf16>
}

// -----

// CHECK-LABEL: func.func @broadcast_splat
// CHECK-SAME: (%[[X:.*]]: f32)
// CHECK-NEXT: %[[S:.*]] = tile.splat %[[X]] : f32 -> tensor<16x8xf32>
// CHECK-NEXT: return %[[S]]
func.func @broadcast_splat(%x: f32) -> tensor<16x8xf32> {
  %s = tile.splat %x : f32 -> tensor<16x1xf32>
  %b = tile.broadcast %s : tensor<16x1xf32> -> tensor<16x8xf32>
  return %b : tensor<16x8xf32>
}

// -----

// CHECK-LABEL: func.func @expand_splat
// CHECK-SAME: (%[[X:.*]]: f32)
// CHECK-NEXT: %[[S:.*]] = tile.splat %[[X]] : f32 -> tensor<16x1xf32>
// CHECK-NEXT: return %[[S]]
func.func @expand_splat(%x: f32) -> tensor<16x1xf32> {
  %s = tile.splat %x : f32 -> tensor<16xf32>
  %e = tile.expand_dims %s axis 1 : tensor<16xf32> -> tensor<16x1xf32>
  return %e : tensor<16x1xf32>
}

// -----

// Splats of constants and shape ops of constant splats fold to constants.
// CHECK-LABEL: func.func @constant_splats
// CHECK-DAG: %[[A:.*]] = arith.constant dense<2.000000e+00> : tensor<16x8xf32>
// CHECK-DAG: %[[B:.*]] = arith.constant dense<0xFF800000> : tensor<16x1xf32>
// CHECK-NOT: tile.
// CHECK: return %[[A]], %[[B]]
func.func @constant_splats() -> (tensor<16x8xf32>, tensor<16x1xf32>) {
  %c = arith.constant 2.0 : f32
  %s = tile.splat %c : f32 -> tensor<16x1xf32>
  %b = tile.broadcast %s : tensor<16x1xf32> -> tensor<16x8xf32>
  %ninf = arith.constant dense<0xFF800000> : tensor<16xf32>
  %e = tile.expand_dims %ninf axis 1 : tensor<16xf32> -> tensor<16x1xf32>
  return %b, %e : tensor<16x8xf32>, tensor<16x1xf32>
}

// -----

// CHECK-LABEL: func.func @broadcast_chain
// CHECK-SAME: (%[[X:.*]]: tensor<16x1x1xf32>)
// CHECK-NEXT: %[[B:.*]] = tile.broadcast %[[X]] : tensor<16x1x1xf32> -> tensor<16x4x8xf32>
// CHECK-NEXT: return %[[B]]
func.func @broadcast_chain(%x: tensor<16x1x1xf32>) -> tensor<16x4x8xf32> {
  %a = tile.broadcast %x : tensor<16x1x1xf32> -> tensor<16x4x1xf32>
  %b = tile.broadcast %a : tensor<16x4x1xf32> -> tensor<16x4x8xf32>
  return %b : tensor<16x4x8xf32>
}

// -----

// A broadcast to the same shape is its operand.
// CHECK-LABEL: func.func @broadcast_identity
// CHECK-SAME: (%[[X:.*]]: tensor<16x8xf32>)
// CHECK-NEXT: return %[[X]]
func.func @broadcast_identity(%x: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %b = tile.broadcast %x : tensor<16x8xf32> -> tensor<16x8xf32>
  return %b : tensor<16x8xf32>
}
