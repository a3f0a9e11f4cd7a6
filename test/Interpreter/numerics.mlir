// RUN: tessera-run --interpret %s | FileCheck %s

// The GPU numeric model: round to nearest even on every truncf and every
// f16/bf16 op, f32 math in float, NaN semantics of maximumf/maxnumf. Values
// print with the fewest digits that read back as the same value of the type.

// CHECK: kernel numerics: grid 1x1x1
// f16: 1/3, 2049 and 2051 (ties to even), 65519 (largest finite), 65520
// (overflow), 2^-26 (underflow to 0), 6e-8 (smallest subnormal), -0.1.
// CHECK-NEXT: H f16[8]
// CHECK-NEXT: H = 0.3333 2048 2052 65504 inf 0 6e-08 -0.1
// bf16: 1/3, 257 and 259 (ties to even), 1 + 2^-8 (tie to 1).
// CHECK-NEXT: B bf16[4]
// CHECK-NEXT: B = 0.334 256 260 1
// f16 ops round their result: 2048 + 1 = 2048, 0.1 * 3 = 0.2998, 1 / 3.
// CHECK-NEXT: HOps f16[3]
// CHECK-NEXT: HOps = 2048 0.2998 0.3333
// f32: exp2(0.5), log2(10), sqrt(2), rsqrt(4), exp(1), 1/3,
// maximumf(NaN, 1), maxnumf(NaN, 1), minimumf(-0, +0) is -0.
// CHECK-NEXT: F f32[9]
// CHECK-NEXT: F = 1.4142135 3.321928 1.4142135 0.5 2.7182817 0.33333334 nan 1 -0
func.func @numerics(%h: !tile.view<f16, 1> {tile.name = "H", tile.shape = [8], tile.role = "output"},
                    %b: !tile.view<bf16, 1> {tile.name = "B", tile.shape = [4], tile.role = "output"},
                    %hops: !tile.view<f16, 1> {tile.name = "HOps", tile.shape = [3], tile.role = "output"},
                    %f: !tile.view<f32, 1> {tile.name = "F", tile.shape = [9], tile.role = "output"})
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : i32
  %hsrc = arith.constant dense<[0.333333343, 2049.0, 2051.0, 65519.0, 65520.0, 1.490116e-08, 6.0e-08, -0.1]> : tensor<8xf32>
  %h16 = arith.truncf %hsrc : tensor<8xf32> to tensor<8xf16>
  tile.store %h16, %h[%c0] : tensor<8xf16> -> !tile.view<f16, 1>

  %bsrc = arith.constant dense<[0.333333343, 257.0, 259.0, 1.00390625]> : tensor<4xf32>
  %b16 = arith.truncf %bsrc : tensor<4xf32> to tensor<4xbf16>
  tile.store %b16, %b[%c0] : tensor<4xbf16> -> !tile.view<bf16, 1>

  %x = arith.constant dense<[2048.0, 0.1, 1.0]> : tensor<3xf16>
  %y = arith.constant dense<[1.0, 3.0, 3.0]> : tensor<3xf16>
  %sum = arith.addf %x, %y : tensor<3xf16>
  %prod = arith.mulf %x, %y : tensor<3xf16>
  %quot = arith.divf %x, %y : tensor<3xf16>
  // Pick sum[0], prod[1], quot[2] with an iota mask.
  %iota = tile.iota : tensor<3xi32>
  %c1v = arith.constant dense<1> : tensor<3xi32>
  %c2v = arith.constant dense<2> : tensor<3xi32>
  %is1 = arith.cmpi eq, %iota, %c1v : tensor<3xi32>
  %is2 = arith.cmpi eq, %iota, %c2v : tensor<3xi32>
  %pick1 = arith.select %is1, %prod, %sum : tensor<3xi1>, tensor<3xf16>
  %pick2 = arith.select %is2, %quot, %pick1 : tensor<3xi1>, tensor<3xf16>
  tile.store %pick2, %hops[%c0] : tensor<3xf16> -> !tile.view<f16, 1>

  %half = arith.constant 0.5 : f32
  %ten = arith.constant 10.0 : f32
  %two = arith.constant 2.0 : f32
  %four = arith.constant 4.0 : f32
  %one = arith.constant 1.0 : f32
  %three = arith.constant 3.0 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %mzero = arith.constant -0.0 : f32
  %pzero = arith.constant 0.0 : f32
  %f0 = math.exp2 %half : f32
  %f1 = math.log2 %ten : f32
  %f2 = math.sqrt %two : f32
  %f3 = math.rsqrt %four : f32
  %f4 = math.exp %one : f32
  %f5 = arith.divf %one, %three : f32
  %f6 = arith.maximumf %nan, %one : f32
  %f7 = arith.maxnumf %nan, %one : f32
  %f8 = arith.minimumf %pzero, %mzero : f32
  %i1 = arith.constant 1 : i32
  %i2 = arith.constant 2 : i32
  %i3 = arith.constant 3 : i32
  %i4 = arith.constant 4 : i32
  %i5 = arith.constant 5 : i32
  %i6 = arith.constant 6 : i32
  %i7 = arith.constant 7 : i32
  %i8 = arith.constant 8 : i32
  %t0 = tile.splat %f0 : f32 -> tensor<1xf32>
  %t1 = tile.splat %f1 : f32 -> tensor<1xf32>
  %t2 = tile.splat %f2 : f32 -> tensor<1xf32>
  %t3 = tile.splat %f3 : f32 -> tensor<1xf32>
  %t4 = tile.splat %f4 : f32 -> tensor<1xf32>
  %t5 = tile.splat %f5 : f32 -> tensor<1xf32>
  %t6 = tile.splat %f6 : f32 -> tensor<1xf32>
  %t7 = tile.splat %f7 : f32 -> tensor<1xf32>
  %t8 = tile.splat %f8 : f32 -> tensor<1xf32>
  tile.store %t0, %f[%c0] : tensor<1xf32> -> !tile.view<f32, 1>
  tile.store %t1, %f[%i1] : tensor<1xf32> -> !tile.view<f32, 1>
  tile.store %t2, %f[%i2] : tensor<1xf32> -> !tile.view<f32, 1>
  tile.store %t3, %f[%i3] : tensor<1xf32> -> !tile.view<f32, 1>
  tile.store %t4, %f[%i4] : tensor<1xf32> -> !tile.view<f32, 1>
  tile.store %t5, %f[%i5] : tensor<1xf32> -> !tile.view<f32, 1>
  tile.store %t6, %f[%i6] : tensor<1xf32> -> !tile.view<f32, 1>
  tile.store %t7, %f[%i7] : tensor<1xf32> -> !tile.view<f32, 1>
  tile.store %t8, %f[%i8] : tensor<1xf32> -> !tile.view<f32, 1>
  return
}
