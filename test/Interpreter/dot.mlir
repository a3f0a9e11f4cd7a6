// RUN: tessera-run --interpret %s --size M=3 --size K=4 --size N=5 | FileCheck %s

// tile.dot with and without tile.trans, on f16 operands loaded with masking
// (the 4x8 and 8x8 tiles run past the 3x4 and 4x5 inputs and read zeros),
// accumulating into a non-zero f32 accumulator.
//   A = [[0 1 2 3] [4 5 6 7] [8 9 10 11]], B = [[0 .. 4] ... [15 .. 19]]

// CHECK: kernel matmul: grid 1x1x1, M = 3, K = 4, N = 5
// A·B + 0.5
// CHECK-NEXT: C f32[3x5]
// CHECK-NEXT: C[0] = 70.5 76.5 82.5 88.5 94.5
// CHECK-NEXT: C[1] = 190.5 212.5 234.5 256.5 278.5
// CHECK-NEXT: C[2] = 310.5 348.5 386.5 424.5 462.5
// A·Aᵀ
// CHECK-NEXT: G f32[3x3]
// CHECK-NEXT: G[0] = 14 38 62
// CHECK-NEXT: G[1] = 38 126 214
// CHECK-NEXT: G[2] = 62 214 366
func.func @matmul(%a: !tile.view<f16, 2> {tile.name = "A", tile.shape = ["M", "K"]},
                  %b: !tile.view<f16, 2> {tile.name = "B", tile.shape = ["K", "N"]},
                  %c: !tile.view<f32, 2> {tile.name = "C", tile.shape = ["M", "N"], tile.role = "output"},
                  %g: !tile.view<f32, 2> {tile.name = "G", tile.shape = ["M", "M"], tile.role = "output"})
    attributes {tile.kernel, tile.sizes = ["M", "K", "N"],
                tile.grid = affine_map<()[s0, s1, s2] -> (1)>} {
  %c0 = arith.constant 0 : i32
  %at = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<4x8xf16>
  %bt = tile.load %b[%c0, %c0] : !tile.view<f16, 2> -> tensor<8x8xf16>
  %half = arith.constant dense<0.5> : tensor<4x8xf32>
  %ab = tile.dot %at, %bt, %half : tensor<4x8xf16>, tensor<8x8xf16> -> tensor<4x8xf32>
  tile.store %ab, %c[%c0, %c0] : tensor<4x8xf32> -> !tile.view<f32, 2>
  %att = tile.trans %at : tensor<4x8xf16> -> tensor<8x4xf16>
  %zero = arith.constant dense<0.0> : tensor<4x4xf32>
  %gram = tile.dot %at, %att, %zero : tensor<4x8xf16>, tensor<8x4xf16> -> tensor<4x4xf32>
  tile.store %gram, %g[%c0, %c0] : tensor<4x4xf32> -> !tile.view<f32, 2>
  return
}
