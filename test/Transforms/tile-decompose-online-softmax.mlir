// RUN: tessera-opt %s -tile-decompose-online-softmax -split-input-file | FileCheck %s --enable-var-scope

// The exact sequence of steps, with the scale folded into the scores. The
// row max of the scaled scores is taken from the scores themselves: c·x
// rounds monotonically in x, so max(c·s) = c·max(s) for c >= 0 and c·min(s)
// for c < 0, exactly — a branch on the (uniform) scale instead of a
// multiply per score that only the max would read. t = c·s comes after the
// branch, next to its one reader t - m (one FMA on the GPU).
// CHECK-LABEL: func.func @scaled
// CHECK-SAME: (%[[S:.*]]: tensor<128x64xf32>, %[[V:.*]]: tensor<64x32xf16>, %[[M:.*]]: tensor<128xf32>, %[[L:.*]]: tensor<128xf32>, %[[ACC:.*]]: tensor<128x32xf32>, %[[SC:.*]]: f32)
// CHECK-NEXT: %[[ZS:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[NONNEG:.*]] = arith.cmpf oge, %[[SC]], %[[ZS]] : f32
// CHECK-NEXT: %[[EXT:.*]] = scf.if %[[NONNEG]] -> (tensor<128xf32>) {
// CHECK-NEXT: %[[RMAX:.*]] = tile.reduce max %[[S]] axis 1 : tensor<128x64xf32> -> tensor<128xf32>
// CHECK-NEXT: scf.yield %[[RMAX]] : tensor<128xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[RMIN:.*]] = tile.reduce min %[[S]] axis 1 : tensor<128x64xf32> -> tensor<128xf32>
// CHECK-NEXT: scf.yield %[[RMIN]] : tensor<128xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[SCR:.*]] = tile.splat %[[SC]] : f32 -> tensor<128xf32>
// CHECK-NEXT: %[[MX:.*]] = arith.mulf %[[EXT]], %[[SCR]] : tensor<128xf32>
// CHECK-NEXT: %[[SCT:.*]] = tile.splat %[[SC]] : f32 -> tensor<128x64xf32>
// CHECK-NEXT: %[[T:.*]] = arith.mulf %[[S]], %[[SCT]] : tensor<128x64xf32>
// CHECK-NEXT: %[[NM:.*]] = arith.maximumf %[[M]], %[[MX]] : tensor<128xf32>
// A row whose running max is still -inf (every score so far masked) subtracts
// 0 instead, so exp2(-inf - -inf) never makes a NaN.
// CHECK-NEXT: %[[NINF:.*]] = arith.constant dense<0xFF800000> : tensor<128xf32>
// CHECK-NEXT: %[[ALLMASKED:.*]] = arith.cmpf oeq, %[[NM]], %[[NINF]] : tensor<128xf32>
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<128xf32>
// CHECK-NEXT: %[[SM:.*]] = arith.select %[[ALLMASKED]], %[[ZERO]], %[[NM]] : tensor<128xi1>, tensor<128xf32>
// CHECK-NEXT: %[[NME:.*]] = tile.expand_dims %[[SM]] axis 1 : tensor<128xf32> -> tensor<128x1xf32>
// CHECK-NEXT: %[[NMB:.*]] = tile.broadcast %[[NME]] : tensor<128x1xf32> -> tensor<128x64xf32>
// CHECK-NEXT: %[[D:.*]] = arith.subf %[[T]], %[[NMB]] : tensor<128x64xf32>
// CHECK-NEXT: %[[P:.*]] = math.exp2 %[[D]] : tensor<128x64xf32>
// CHECK-NEXT: %[[DM:.*]] = arith.subf %[[M]], %[[SM]] : tensor<128xf32>
// CHECK-NEXT: %[[A:.*]] = math.exp2 %[[DM]] : tensor<128xf32>
// CHECK-NEXT: %[[RS:.*]] = tile.reduce sum %[[P]] axis 1 : tensor<128x64xf32> -> tensor<128xf32>
// CHECK-NEXT: %[[AL:.*]] = arith.mulf %[[A]], %[[L]] : tensor<128xf32>
// CHECK-NEXT: %[[NL:.*]] = arith.addf %[[AL]], %[[RS]] : tensor<128xf32>
// CHECK-NEXT: %[[AE:.*]] = tile.expand_dims %[[A]] axis 1 : tensor<128xf32> -> tensor<128x1xf32>
// CHECK-NEXT: %[[AB:.*]] = tile.broadcast %[[AE]] : tensor<128x1xf32> -> tensor<128x32xf32>
// CHECK-NEXT: %[[SACC:.*]] = arith.mulf %[[ACC]], %[[AB]] : tensor<128x32xf32>
// CHECK-NEXT: %[[PH:.*]] = arith.truncf %[[P]] : tensor<128x64xf32> to tensor<128x64xf16>
// CHECK-NEXT: %[[NACC:.*]] = tile.dot %[[PH]], %[[V]], %[[SACC]] : tensor<128x64xf16>, tensor<64x32xf16> -> tensor<128x32xf32>
// CHECK-NEXT: return %[[NM]], %[[NL]], %[[NACC]]
func.func @scaled(%s: tensor<128x64xf32>, %v: tensor<64x32xf16>, %m: tensor<128xf32>,
                  %l: tensor<128xf32>, %acc: tensor<128x32xf32>, %scale: f32)
    -> (tensor<128xf32>, tensor<128xf32>, tensor<128x32xf32>) {
  %m1, %l1, %acc1 = tile.online_softmax %s, %v, %m, %l, %acc scale %scale
      : tensor<128x64xf32>, tensor<64x32xf16>, tensor<128xf32>, tensor<128x32xf32>
  return %m1, %l1, %acc1 : tensor<128xf32>, tensor<128xf32>, tensor<128x32xf32>
}

// -----

// Without a scale the scores are used as they are; bf16 values give a bf16 P.
// CHECK-LABEL: func.func @unscaled_bf16
// CHECK-SAME: (%[[S:[a-z0-9]+]]: tensor<64x64xf32>
// CHECK-NOT: tile.splat
// CHECK: tile.reduce max %[[S]] axis 1
// CHECK: arith.truncf %{{.*}} : tensor<64x64xf32> to tensor<64x64xbf16>
// CHECK: tile.dot %{{.*}} : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
// CHECK-NOT: tile.online_softmax
func.func @unscaled_bf16(%s: tensor<64x64xf32>, %v: tensor<64x64xbf16>, %m: tensor<64xf32>,
                         %l: tensor<64xf32>, %acc: tensor<64x64xf32>)
    -> (tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>) {
  %m1, %l1, %acc1 = tile.online_softmax %s, %v, %m, %l, %acc
      : tensor<64x64xf32>, tensor<64x64xbf16>, tensor<64xf32>, tensor<64x64xf32>
  return %m1, %l1, %acc1 : tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>
}

// -----

// Inside a loop, each update is decomposed in place and the loop-carried
// state flows through.
// CHECK-LABEL: func.func @in_loop
// CHECK: scf.for {{.*}} iter_args(%[[M:.*]] = %{{.*}}, %[[L:.*]] = %{{.*}}, %[[ACC:.*]] = %{{.*}})
// CHECK: arith.maximumf %[[M]]
// CHECK: arith.mulf %{{.*}}, %[[L]]
// CHECK: arith.mulf %[[ACC]]
// CHECK: tile.dot
// CHECK: scf.yield
func.func @in_loop(%s: tensor<16x16xf32>, %v: tensor<16x16xf16>, %m: tensor<16xf32>,
                   %l: tensor<16xf32>, %acc: tensor<16x16xf32>, %n: i32)
    -> tensor<16x16xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%mi = %m, %li = %l, %ai = %acc)
      -> (tensor<16xf32>, tensor<16xf32>, tensor<16x16xf32>) : i32 {
    %m1, %l1, %a1 = tile.online_softmax %s, %v, %mi, %li, %ai
        : tensor<16x16xf32>, tensor<16x16xf16>, tensor<16xf32>, tensor<16x16xf32>
    scf.yield %m1, %l1, %a1 : tensor<16xf32>, tensor<16xf32>, tensor<16x16xf32>
  }
  return %r#2 : tensor<16x16xf32>
}
