// RUN: tessera-run --interpret %s --size R=3 --size C=2 | FileCheck %s

// A 2-D grid (program_id / num_programs), scf.for over index and i32 bounds
// with loop-carried values, scf.if with results, and integer semantics:
// signed division rounding, unsigned ops, shifts, casts and saturating
// float-to-int conversion.

// CHECK: kernel control: grid 2x3x1, R = 3, C = 2
// Ids[y, x] = x + 10 y + 100 num_programs(0) + 1000 num_programs(1)
// CHECK-NEXT: Ids i32[3x2]
// CHECK-NEXT: Ids[0] = 3200 3201
// CHECK-NEXT: Ids[1] = 3210 3211
// CHECK-NEXT: Ids[2] = 3220 3221
// -7 divsi 2, remsi, floordivsi, ceildivsi; 7 ceildivsi 2; -1 divui 2;
// -8 shrsi 1; -8 shrui 28; sum of 0, 3, 6, 9 (index loop); fptosi -2.7;
// fptosi 1e10 (saturates); 2^31 - 1 + 1 (wraps); scf.if picks 42
// CHECK-NEXT: Ints i32[13]
// CHECK-NEXT: Ints = -3 -1 -4 -3 4 2147483647 -4 15 18 -2 2147483647 -2147483648 42
func.func @control(%ids: !tile.view<i32, 2> {tile.name = "Ids", tile.shape = ["R", "C"], tile.role = "output"},
                   %ints: !tile.view<i32, 1> {tile.name = "Ints", tile.shape = [13], tile.role = "output"})
    attributes {tile.kernel, tile.sizes = ["R", "C"],
                tile.grid = affine_map<()[s0, s1] -> (s1, s0)>} {
  %x = tile.program_id 0
  %y = tile.program_id 1
  %nx = tile.num_programs 0
  %ny = tile.num_programs 1
  %c10 = arith.constant 10 : i32
  %c100 = arith.constant 100 : i32
  %c1000 = arith.constant 1000 : i32
  %a = arith.muli %y, %c10 : i32
  %b = arith.muli %nx, %c100 : i32
  %c = arith.muli %ny, %c1000 : i32
  %s0 = arith.addi %x, %a : i32
  %s1 = arith.addi %s0, %b : i32
  %id = arith.addi %s1, %c : i32
  %idt = tile.splat %id : i32 -> tensor<1x1xi32>
  tile.store %idt, %ids[%y, %x] : tensor<1x1xi32> -> !tile.view<i32, 2>

  // The rest runs in program (0, 0) only.
  %c0 = arith.constant 0 : i32
  %first = arith.addi %x, %y : i32
  %isFirst = arith.cmpi eq, %first, %c0 : i32
  scf.if %isFirst {
    %m7 = arith.constant -7 : i32
    %p7 = arith.constant 7 : i32
    %c2 = arith.constant 2 : i32
    %m1 = arith.constant -1 : i32
    %m8 = arith.constant -8 : i32
    %c1 = arith.constant 1 : i32
    %c28 = arith.constant 28 : i32
    %r0 = arith.divsi %m7, %c2 : i32
    %r1 = arith.remsi %m7, %c2 : i32
    %r2 = arith.floordivsi %m7, %c2 : i32
    %r3 = arith.ceildivsi %m7, %c2 : i32
    %r4 = arith.ceildivsi %p7, %c2 : i32
    %r5 = arith.divui %m1, %c2 : i32
    %r6 = arith.shrsi %m8, %c1 : i32
    %r7 = arith.shrui %m8, %c28 : i32
    %i0 = arith.constant 0 : index
    %i10 = arith.constant 10 : index
    %i3 = arith.constant 3 : index
    %sum = scf.for %i = %i0 to %i10 step %i3 iter_args(%acc = %i0) -> (index) {
      %next = arith.addi %acc, %i : index
      scf.yield %next : index
    }
    %r8 = arith.index_cast %sum : index to i32
    %f = arith.constant -2.7 : f32
    %r9 = arith.fptosi %f : f32 to i32
    %big = arith.constant 1.0e10 : f32
    %r10 = arith.fptosi %big : f32 to i32
    %max = arith.constant 2147483647 : i32
    %r11 = arith.addi %max, %c1 : i32
    %r12 = scf.if %isFirst -> (i32) {
      %v = arith.constant 42 : i32
      scf.yield %v : i32
    } else {
      scf.yield %c0 : i32
    }
    %vals = tile.splat %r0 : i32 -> tensor<1xi32>
    tile.store %vals, %ints[%c0] : tensor<1xi32> -> !tile.view<i32, 1>
    %o1 = arith.constant 1 : i32
    %o2 = arith.constant 2 : i32
    %o3 = arith.constant 3 : i32
    %o4 = arith.constant 4 : i32
    %o5 = arith.constant 5 : i32
    %o6 = arith.constant 6 : i32
    %o7 = arith.constant 7 : i32
    %o8 = arith.constant 8 : i32
    %o9 = arith.constant 9 : i32
    %o10 = arith.constant 10 : i32
    %o11 = arith.constant 11 : i32
    %o12 = arith.constant 12 : i32
    %v1 = tile.splat %r1 : i32 -> tensor<1xi32>
    tile.store %v1, %ints[%o1] : tensor<1xi32> -> !tile.view<i32, 1>
    %v2 = tile.splat %r2 : i32 -> tensor<1xi32>
    tile.store %v2, %ints[%o2] : tensor<1xi32> -> !tile.view<i32, 1>
    %v3 = tile.splat %r3 : i32 -> tensor<1xi32>
    tile.store %v3, %ints[%o3] : tensor<1xi32> -> !tile.view<i32, 1>
    %v4 = tile.splat %r4 : i32 -> tensor<1xi32>
    tile.store %v4, %ints[%o4] : tensor<1xi32> -> !tile.view<i32, 1>
    %v5 = tile.splat %r5 : i32 -> tensor<1xi32>
    tile.store %v5, %ints[%o5] : tensor<1xi32> -> !tile.view<i32, 1>
    %v6 = tile.splat %r6 : i32 -> tensor<1xi32>
    tile.store %v6, %ints[%o6] : tensor<1xi32> -> !tile.view<i32, 1>
    %v7 = tile.splat %r7 : i32 -> tensor<1xi32>
    tile.store %v7, %ints[%o7] : tensor<1xi32> -> !tile.view<i32, 1>
    %v8 = tile.splat %r8 : i32 -> tensor<1xi32>
    tile.store %v8, %ints[%o8] : tensor<1xi32> -> !tile.view<i32, 1>
    %v9 = tile.splat %r9 : i32 -> tensor<1xi32>
    tile.store %v9, %ints[%o9] : tensor<1xi32> -> !tile.view<i32, 1>
    %v10 = tile.splat %r10 : i32 -> tensor<1xi32>
    tile.store %v10, %ints[%o10] : tensor<1xi32> -> !tile.view<i32, 1>
    %v11 = tile.splat %r11 : i32 -> tensor<1xi32>
    tile.store %v11, %ints[%o11] : tensor<1xi32> -> !tile.view<i32, 1>
    %v12 = tile.splat %r12 : i32 -> tensor<1xi32>
    tile.store %v12, %ints[%o12] : tensor<1xi32> -> !tile.view<i32, 1>
  }
  return
}
