// RUN: tessera-opt %s -allow-unregistered-dialect -tilegpu-pipeline -tilegpu-warp-specialize -tessera-attach-target=chip=sm_90a -tilegpu-allocate-shared -convert-tile-to-nvvm -canonicalize -cse | FileCheck %s --enable-var-scope
// RUN: not tessera-opt %s -allow-unregistered-dialect -tilegpu-pipeline -tilegpu-warp-specialize -tessera-attach-target=chip=sm_90a -tilegpu-allocate-shared -convert-tile-to-nvvm=max-registers=128 2>&1 | FileCheck %s --check-prefix=MAXREG
// RUN: tessera-opt %s -allow-unregistered-dialect -tilegpu-pipeline -tilegpu-warp-specialize=ctas-per-sm=2 -tessera-attach-target=chip=sm_90a -tilegpu-allocate-shared -convert-tile-to-nvvm -canonicalize -cse | FileCheck %s --check-prefix=TWO

// Two CTAs an SM: the split's registers are half the SM's (24 for the
// producer's 128 threads, 112 for the 256 consumers: 31744 <= 32768), so
// ptxas is held to two CTAs' launch registers (nvvm.minctasm = 2: 85 a
// thread, 80 after rounding) and the consumers still grow to 112.
// TWO-LABEL: llvm.func @ws(
// TWO-SAME: nvvm.minctasm = 2 : i32
// TWO: nvvm.setmaxregister decrease 24
// TWO: nvvm.setmaxregister increase 112

// A warp-specialized ring. The CTA gets a producer warpgroup after the 8
// consumer warps (384 threads; the layouts still see 256). Every thread
// runs the ring's initialization (full barriers for one arrival, empty ones
// at 32784 for the 8 consumer warps); then the producer warpgroup gives
// registers back and its first thread (256) acquires each stage on its
// empty barrier and issues the copies, while the consumers take 240
// registers, wait on the full barrier, and release the stage (a warp
// barrier, then one arrival per warp). The drain synchronizes the
// consumers alone (named barrier 1 over 256 threads).
// MAXREG: error: expected no max-registers for a warp-specialized kernel (setmaxnreg divides its registers)
// CHECK-LABEL: llvm.func @ws(
// CHECK-SAME: nvvm.maxntid = array<i32: 384, 1, 1>, tessera.consumer_threads = 256 : i32
// CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @__tessera_smem
// CHECK: %[[FULL:.*]] = llvm.getelementptr %[[SMEM]][32768]
// CHECK: nvvm.barrier0
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: scf.if
// CHECK: nvvm.mbarrier.init %[[FULL]], %c1_i32
// CHECK-NEXT: %[[EMPTY0:.*]] = llvm.getelementptr %[[FULL]][16]
// CHECK-NEXT: nvvm.mbarrier.init %[[EMPTY0]], %c8_i32
// CHECK: nvvm.fence.mbarrier.init
// CHECK-NEXT: }
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: %[[PRODUCER:.*]] = arith.cmpi uge, %[[TID]], %c256_i32
// CHECK-NEXT: scf.if %[[PRODUCER]] {
// CHECK-NEXT: nvvm.setmaxregister decrease 24
// CHECK-NEXT: %[[ISSUER:.*]] = arith.cmpi eq, %[[TID]], %c256_i32
// CHECK-NEXT: scf.if %[[ISSUER]] {
// CHECK: scf.for
// CHECK: %[[EMPTY:.*]] = llvm.getelementptr %[[SMEM]][32784]
// CHECK: %[[E:.*]] = llvm.getelementptr %[[EMPTY]][%{{.*}}]
// CHECK-NEXT: nvvm.mbarrier.try_wait.parity %[[E]]
// CHECK: nvvm.mbarrier.arrive.expect_tx
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global
// CHECK: } {tilegpu.producer}
// CHECK: } else {
// CHECK-NEXT: nvvm.setmaxregister increase 240
// CHECK-NEXT: scf.for
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK-NEXT: "test.use"
// CHECK: %[[REL:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}]
// CHECK-NEXT: nvvm.bar.warp.sync %c-1_i32
// CHECK-NEXT: %[[LANE:.*]] = arith.remui %[[TID]], %c32_i32
// CHECK-NEXT: %[[LANE0:.*]] = arith.cmpi eq, %[[LANE]], %c0_i32
// CHECK-NEXT: scf.if %[[LANE0]] {
// CHECK-NEXT: nvvm.mbarrier.arrive %[[REL]]
// CHECK: nvvm.barrier id = %c1_i32 number_of_threads = %c256_i32
// CHECK: nvvm.mbarrier.inval %[[FULL]]
// CHECK: nvvm.mbarrier.inval
func.func @ws(%k: !tile.view<f16, 3> {tile.name = "K", tile.role = "input"}, %o: !tile.view<f32, 2> {tile.name = "O", tile.role = "output"}, %n: i32)
    attributes {tile.kernel, tile.num_warps = 8 : i32, tile.num_stages = 2 : i32, tile.warp_specialize = true} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %bh = tile.program_id 1
  scf.for %i = %c0 to %n step %c64 : i32 {
    %kt = tile.load %k[%bh, %i, %c0] {tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x128xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
    "test.use"(%kt) : (tensor<64x128xf16, #tilegpu.shared<transposed = false, swizzle = 128>>) -> ()
  }
  return
}
