// RUN: tessera-run --interpret %s --size M=6 --size N=10 | FileCheck %s

// A masked copy over a grid of 4-row blocks in steps of 8 columns, where
// neither M nor N is a multiple of the block: the elements past the end are
// neither read nor written. `Padded` shows what a load returns out of bounds
// (the padding), `Shifted` a load at negative start indices.

// CHECK: kernel copy: grid 2x1x1, M = 6, N = 10
// CHECK-NEXT: Out f32[6x10]
// CHECK-NEXT: Out[0] = 0 1 2 3 4 5 6 7 8 9
// CHECK-NEXT: Out[1] = 10 11 12 13 14 15 16 17 18 19
// CHECK-NEXT: Out[2] = 20 21 22 23 24 25 26 27 28 29
// CHECK-NEXT: Out[3] = 30 31 32 33 34 35 36 37 38 39
// CHECK-NEXT: Out[4] = 40 41 42 43 44 45 46 47 48 49
// CHECK-NEXT: Out[5] = 50 51 52 53 54 55 56 57 58 59
// CHECK-NEXT: Padded f32[8x12]
// CHECK-NEXT: Padded[0] = 0 1 2 3 4 5 6 7 8 9 -1.5 -1.5
// CHECK-NEXT: Padded[1] = 10 11 12 13 14 15 16 17 18 19 -1.5 -1.5
// CHECK-NEXT: Padded[2] = 20 21 22 23 24 25 26 27 28 29 -1.5 -1.5
// CHECK-NEXT: Padded[3] = 30 31 32 33 34 35 36 37 38 39 -1.5 -1.5
// CHECK-NEXT: Padded[4] = 40 41 42 43 44 45 46 47 48 49 -1.5 -1.5
// CHECK-NEXT: Padded[5] = 50 51 52 53 54 55 56 57 58 59 -1.5 -1.5
// CHECK-NEXT: Padded[6] = -1.5 -1.5 -1.5 -1.5 -1.5 -1.5 -1.5 -1.5 -1.5 -1.5 -1.5 -1.5
// CHECK-NEXT: Padded[7] = -1.5 -1.5 -1.5 -1.5 -1.5 -1.5 -1.5 -1.5 -1.5 -1.5 -1.5 -1.5
// CHECK-NEXT: Shifted f32[6x10]
// CHECK-NEXT: Shifted[0] = 0 0 0 0 0 0 0 0 0 0
// CHECK-NEXT: Shifted[1] = 0 0 1 2 3 4 5 6 7 8
// CHECK-NEXT: Shifted[2] = 0 10 11 12 13 14 15 16 17 18
// CHECK-NEXT: Shifted[3] = 0 20 21 22 23 24 25 26 27 28
// CHECK-NEXT: Shifted[4] = 0 30 31 32 33 34 35 36 37 38
// CHECK-NEXT: Shifted[5] = 0 40 41 42 43 44 45 46 47 48
// CHECK-NOT: nan
func.func @copy(%in: !tile.view<f32, 2> {tile.name = "In", tile.shape = ["M", "N"], tile.role = "input"},
                %out: !tile.view<f32, 2> {tile.name = "Out", tile.shape = ["M", "N"], tile.role = "output"},
                %padded: !tile.view<f32, 2> {tile.name = "Padded", tile.shape = [8, 12], tile.role = "output"},
                %shifted: !tile.view<f32, 2> {tile.name = "Shifted", tile.shape = ["M", "N"], tile.role = "output"})
    attributes {tile.kernel, tile.sizes = ["M", "N"],
                tile.grid = affine_map<()[s0, s1] -> (s0 ceildiv 4)>} {
  %pid = tile.program_id 0
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %c8 = arith.constant 8 : i32
  %row = arith.muli %pid, %c4 : i32
  %n = tile.dim %in, 1 : !tile.view<f32, 2>
  scf.for %col = %c0 to %n step %c8 : i32 {
    %t = tile.load %in[%row, %col] : !tile.view<f32, 2> -> tensor<4x8xf32>
    tile.store %t, %out[%row, %col] : tensor<4x8xf32> -> !tile.view<f32, 2>
  }
  %p = tile.load %in[%row, %c0] {padding = -1.5 : f64} : !tile.view<f32, 2> -> tensor<4x16xf32>
  tile.store %p, %padded[%row, %c0] : tensor<4x16xf32> -> !tile.view<f32, 2>
  // Shifted[i, j] = In[i - 1, j - 1], 0 outside.
  %up = arith.subi %row, %c1 : i32
  %left = arith.subi %c0, %c1 : i32
  %s = tile.load %in[%up, %left] : !tile.view<f32, 2> -> tensor<4x16xf32>
  tile.store %s, %shifted[%row, %c0] : tensor<4x16xf32> -> !tile.view<f32, 2>
  return
}
