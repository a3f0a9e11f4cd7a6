// RUN: tessera-opt %s | tessera-opt | FileCheck %s --enable-var-scope
// RUN: tessera-opt %s --mlir-print-op-generic | tessera-opt | FileCheck %s --enable-var-scope

// Round trip of every tile op and of the kernel attributes.

// CHECK: #[[$GRID:.*]] = affine_map<()[s0, s1] -> (s1 ceildiv 128, s0)>
// CHECK-LABEL: func.func @kernel
// CHECK-SAME: %[[Q:.*]]: !tile.view<f16, 3> {tile.role = "input", tile.shape = ["BH", "N", 64]}
// CHECK-SAME: %[[O:.*]]: !tile.view<f16, 3> {tile.role = "output", tile.shape = ["BH", "N", 64]}
// CHECK-SAME: %[[M:.*]]: !tile.view<f32, 2> {tile.init = 0xFF800000 : f32, tile.role = "inout", tile.shape = ["BH", "N"]}
// CHECK-SAME: tile.constants = {BLOCK_M = 128 : i64}
// CHECK-SAME: tile.grid = #[[$GRID]]
// CHECK-SAME: tile.kernel
// CHECK-SAME: tile.num_stages = 2 : i32
// CHECK-SAME: tile.num_warps = 4 : i32
// CHECK-SAME: tile.sizes = ["BH", "N"]
func.func @kernel(%q: !tile.view<f16, 3> {tile.shape = ["BH", "N", 64], tile.role = "input"},
                  %o: !tile.view<f16, 3> {tile.shape = ["BH", "N", 64], tile.role = "output"},
                  %m: !tile.view<f32, 2> {tile.shape = ["BH", "N"], tile.role = "inout", tile.init = 0xFF800000 : f32})
    attributes {tile.kernel, tile.sizes = ["BH", "N"],
                tile.grid = affine_map<()[s0, s1] -> (s1 ceildiv 128, s0)>,
                tile.constants = {BLOCK_M = 128 : i64},
                tile.num_warps = 4 : i32, tile.num_stages = 2 : i32} {
  // CHECK: %[[PID:.*]] = tile.program_id 0
  %pid = tile.program_id 0
  // CHECK: tile.num_programs 1
  %np = tile.num_programs 1
  // CHECK: %[[N:.*]] = tile.dim %[[Q]], 1 : !tile.view<f16, 3>
  %n = tile.dim %q, 1 : !tile.view<f16, 3>
  %c0 = arith.constant 0 : i32
  // CHECK: %[[QN:.*]] = tile.narrow %[[Q]], 1, %[[PID]], %[[N]] : !tile.view<f16, 3>
  %qn = tile.narrow %q, 1, %pid, %n : !tile.view<f16, 3>
  // CHECK: tile.load_scalar %[[QN]]
  %e0 = tile.load_scalar %qn[%pid, %c0, %c0] : !tile.view<f16, 3> -> f16
  // CHECK: tile.load_scalar %[[Q]][%[[PID]], %{{.*}}, %{{.*}}] : !tile.view<f16, 3> -> f16
  %e1 = tile.load_scalar %q[%pid, %c0, %c0] : !tile.view<f16, 3> -> f16
  // CHECK: tile.load_scalar %[[M]][%[[PID]], %{{.*}}] {padding = 1.000000e+00 : f64} : !tile.view<f32, 2> -> f32
  %e2 = tile.load_scalar %m[%pid, %c0] {padding = 1.0 : f64} : !tile.view<f32, 2> -> f32
  // CHECK: %[[T:.*]] = tile.load %[[Q]][%[[PID]], %{{.*}}, %{{.*}}] : !tile.view<f16, 3> -> tensor<128x64xf16>
  %t = tile.load %q[%pid, %c0, %c0] : !tile.view<f16, 3> -> tensor<128x64xf16>
  // CHECK: tile.load %[[Q]][%[[PID]], %{{.*}}, %{{.*}}] {padding = -1.000000e+00 : f64} : !tile.view<f16, 3> -> tensor<64xf16>
  %row = tile.load %q[%pid, %c0, %c0] {padding = -1.0 : f64} : !tile.view<f16, 3> -> tensor<64xf16>
  // CHECK: tile.load %[[Q]][%[[PID]], %{{.*}}, %{{.*}}] {in_bounds = array<i1: true, true, false>} : !tile.view<f16, 3> -> tensor<128x64xf16>
  %inside = tile.load %q[%pid, %c0, %c0] {in_bounds = array<i1: true, true, false>} : !tile.view<f16, 3> -> tensor<128x64xf16>
  // CHECK: tile.store %[[T]], %[[O]][%[[PID]], %{{.*}}, %{{.*}}] : tensor<128x64xf16> -> !tile.view<f16, 3>
  tile.store %t, %o[%pid, %c0, %c0] : tensor<128x64xf16> -> !tile.view<f16, 3>
  // CHECK: %[[KT:.*]] = tile.trans %[[T]] : tensor<128x64xf16> -> tensor<64x128xf16>
  %kt = tile.trans %t : tensor<128x64xf16> -> tensor<64x128xf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  // CHECK: %[[S:.*]] = tile.dot %[[T]], %[[KT]], %{{.*}} : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
  %s = tile.dot %t, %kt, %zero : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
  // CHECK: %[[MX:.*]] = tile.reduce max %[[S]] axis 1 : tensor<128x128xf32> -> tensor<128xf32>
  %mx = tile.reduce max %s axis 1 : tensor<128x128xf32> -> tensor<128xf32>
  // CHECK: tile.reduce sum %[[S]] axis 0 : tensor<128x128xf32> -> tensor<128xf32>
  %sum = tile.reduce sum %s axis 0 : tensor<128x128xf32> -> tensor<128xf32>
  // CHECK: tile.reduce min %[[S]] axis 0
  %mn = tile.reduce min %s axis 0 : tensor<128x128xf32> -> tensor<128xf32>
  // CHECK: tile.scan %[[S]] axis 1 : tensor<128x128xf32>
  %prefix = tile.scan %s axis 1 : tensor<128x128xf32>
  // CHECK: tile.reduce argmax %[[S]] axis 1 : tensor<128x128xf32> -> tensor<128xi32>
  %best = tile.reduce argmax %s axis 1 : tensor<128x128xf32> -> tensor<128xi32>
  // CHECK: tile.reduce argmin %[[T]] axis 0 : tensor<128x64xf16> -> tensor<64xi32>
  %least = tile.reduce argmin %t axis 0 : tensor<128x64xf16> -> tensor<64xi32>
  // CHECK: %[[ONE:.*]] = tile.reduce max %{{.*}} axis 0 : tensor<128x1xf32> -> tensor<1xf32>
  %col = tile.expand_dims %mx axis 1 : tensor<128xf32> -> tensor<128x1xf32>
  %one = tile.reduce max %col axis 0 : tensor<128x1xf32> -> tensor<1xf32>
  // CHECK: %[[TOP:.*]] = tile.to_scalar %[[ONE]] : tensor<1xf32> -> f32
  %top = tile.to_scalar %one : tensor<1xf32> -> f32
  // CHECK: tile.store_scalar %[[TOP]], %[[M]][%[[PID]], %{{.*}}] : f32 -> !tile.view<f32, 2>
  tile.store_scalar %top, %m[%pid, %c0] : f32 -> !tile.view<f32, 2>
  // CHECK: tile.atomic_add %[[MX]], %[[M]][%[[PID]], %{{.*}}] : tensor<128xf32> -> !tile.view<f32, 2>
  tile.atomic_add %mx, %m[%pid, %c0] : tensor<128xf32> -> !tile.view<f32, 2>
  // CHECK: tile.atomic_add %[[TOP]], %[[M]][%[[PID]], %{{.*}}] : f32 -> !tile.view<f32, 2>
  tile.atomic_add %top, %m[%pid, %c0] : f32 -> !tile.view<f32, 2>
  // CHECK: %[[E:.*]] = tile.expand_dims %[[MX]] axis 1 : tensor<128xf32> -> tensor<128x1xf32>
  %e = tile.expand_dims %mx axis 1 : tensor<128xf32> -> tensor<128x1xf32>
  // CHECK: tile.broadcast %[[E]] : tensor<128x1xf32> -> tensor<128x128xf32>
  %b = tile.broadcast %e : tensor<128x1xf32> -> tensor<128x128xf32>
  // CHECK: tile.iota : tensor<128xi32>
  %cols = tile.iota : tensor<128xi32>
  // CHECK: tile.splat %[[N]] : i32 -> tensor<128xi32>
  %nt = tile.splat %n : i32 -> tensor<128xi32>
  %scale = arith.constant 0.18 : f32
  %v = tile.load %q[%pid, %c0, %c0] : !tile.view<f16, 3> -> tensor<128x64xf16>
  %m0 = arith.constant dense<0xFF800000> : tensor<128xf32>
  %l0 = arith.constant dense<0.0> : tensor<128xf32>
  %acc0 = arith.constant dense<0.0> : tensor<128x64xf32>
  // CHECK: tile.online_softmax %[[S]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} scale %{{.*}} : tensor<128x128xf32>, tensor<128x64xf16>, tensor<128xf32>, tensor<128x64xf32>
  %m1, %l1, %acc1 = tile.online_softmax %s, %v, %m0, %l0, %acc0 scale %scale
      : tensor<128x128xf32>, tensor<128x64xf16>, tensor<128xf32>, tensor<128x64xf32>
  // CHECK: tile.online_softmax %[[S]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x128xf32>, tensor<128x64xf16>
  %m2, %l2, %acc2 = tile.online_softmax %s, %v, %m1, %l1, %acc1
      : tensor<128x128xf32>, tensor<128x64xf16>, tensor<128xf32>, tensor<128x64xf32>
  return
}

// A bf16 dot and a 1-D view.
// CHECK-LABEL: func.func @bf16
func.func @bf16(%x: !tile.view<bf16, 1>) {
  %c0 = arith.constant 0 : i32
  // CHECK: tile.load %{{.*}}[%{{.*}}] : !tile.view<bf16, 1> -> tensor<16xbf16>
  %r = tile.load %x[%c0] : !tile.view<bf16, 1> -> tensor<16xbf16>
  %a = arith.constant dense<1.0> : tensor<16x16xbf16>
  %c = arith.constant dense<0.0> : tensor<16x8xf32>
  %bb = arith.constant dense<1.0> : tensor<16x8xbf16>
  // CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x16xbf16>, tensor<16x8xbf16> -> tensor<16x8xf32>
  %d = tile.dot %a, %bb, %c : tensor<16x16xbf16>, tensor<16x8xbf16> -> tensor<16x8xf32>
  return
}
