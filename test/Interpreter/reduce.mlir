// RUN: tessera-run --interpret %s --size R=3 | FileCheck %s

// Reductions along both axes, row broadcasts (expand_dims + broadcast),
// splat, iota and an integer mask with select, on X = [[0 .. 7] ... [16 .. 23]]
// loaded as a 4x8 tile whose fourth row is padding (-100).

// CHECK: kernel reduce: grid 1x1x1, R = 3
// CHECK-NEXT: RowMax f32[3]
// CHECK-NEXT: RowMax = 7 15 23
// CHECK-NEXT: ColSum f32[8]
// CHECK-NEXT: ColSum = -76 -73 -70 -67 -64 -61 -58 -55
// CHECK-NEXT: ColMin i32[8]
// CHECK-NEXT: ColMin = -100 -100 -100 -100 -100 -100 -100 -100
// Centered[i, j] = X[i, j] - max_j X[i, j] where j < 5, else 2.5.
// CHECK-NEXT: Centered f32[3x8]
// CHECK-NEXT: Centered[0] = -7 -6 -5 -4 -3 2.5 2.5 2.5
// CHECK-NEXT: Centered[1] = -7 -6 -5 -4 -3 2.5 2.5 2.5
// CHECK-NEXT: Centered[2] = -7 -6 -5 -4 -3 2.5 2.5 2.5
func.func @reduce(%x: !tile.view<f32, 2> {tile.name = "X", tile.shape = ["R", 8]},
                  %xi: !tile.view<i32, 2> {tile.name = "XI", tile.shape = ["R", 8]},
                  %rowmax: !tile.view<f32, 1> {tile.name = "RowMax", tile.shape = ["R"], tile.role = "output"},
                  %colsum: !tile.view<f32, 1> {tile.name = "ColSum", tile.shape = [8], tile.role = "output"},
                  %colmin: !tile.view<i32, 1> {tile.name = "ColMin", tile.shape = [8], tile.role = "output"},
                  %centered: !tile.view<f32, 2> {tile.name = "Centered", tile.shape = ["R", 8], tile.role = "output"})
    attributes {tile.kernel, tile.sizes = ["R"], tile.grid = affine_map<()[s0] -> (1)>} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%c0, %c0] {padding = -100.0 : f64} : !tile.view<f32, 2> -> tensor<4x8xf32>
  %ti = tile.load %xi[%c0, %c0] {padding = -100.0 : f64} : !tile.view<i32, 2> -> tensor<4x8xi32>
  %mx = tile.reduce max %t axis 1 : tensor<4x8xf32> -> tensor<4xf32>
  tile.store %mx, %rowmax[%c0] : tensor<4xf32> -> !tile.view<f32, 1>
  %cs = tile.reduce sum %t axis 0 : tensor<4x8xf32> -> tensor<8xf32>
  tile.store %cs, %colsum[%c0] : tensor<8xf32> -> !tile.view<f32, 1>
  %cm = tile.reduce min %ti axis 0 : tensor<4x8xi32> -> tensor<8xi32>
  tile.store %cm, %colmin[%c0] : tensor<8xi32> -> !tile.view<i32, 1>
  %mxe = tile.expand_dims %mx axis 1 : tensor<4xf32> -> tensor<4x1xf32>
  %mxb = tile.broadcast %mxe : tensor<4x1xf32> -> tensor<4x8xf32>
  %d = arith.subf %t, %mxb : tensor<4x8xf32>
  %cols = tile.iota : tensor<8xi32>
  %five = arith.constant 5 : i32
  %fives = tile.splat %five : i32 -> tensor<8xi32>
  %lt = arith.cmpi slt, %cols, %fives : tensor<8xi32>
  %lte = tile.expand_dims %lt axis 0 : tensor<8xi1> -> tensor<1x8xi1>
  %ltb = tile.broadcast %lte : tensor<1x8xi1> -> tensor<4x8xi1>
  %fill = arith.constant dense<2.5> : tensor<4x8xf32>
  %r = arith.select %ltb, %d, %fill : tensor<4x8xi1>, tensor<4x8xf32>
  tile.store %r, %centered[%c0, %c0] : tensor<4x8xf32> -> !tile.view<f32, 2>
  return
}
