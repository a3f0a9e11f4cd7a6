// RUN: tessera-opt %s -allow-unregistered-dialect -tilegpu-pipeline -tessera-attach-target=chip=sm_90a -tilegpu-allocate-shared -convert-tile-to-nvvm -canonicalize -cse | FileCheck %s --enable-var-scope

// A ring filled by TMA. The kernel gets one tensor map parameter per box
// shape after the other parameters (by value: byval, 64-byte aligned,
// nvvm.grid_constant), described by tilegpu.tensor_maps for the manifest.
// Thread 0 initializes the stages' mbarriers between two CTA barriers,
// arms a stage with the tile's bytes and issues one box per 64-column panel
// at (column, row, batch-head), innermost first; every thread waits on the
// stage's barrier in the iteration's phase; thread 0 retires the barriers
// after the drain.
// CHECK-LABEL: llvm.func @tma(
// CHECK-SAME: %[[N:arg7]]: i32, %[[MAP:arg8]]: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant})
// CHECK-SAME: tilegpu.shared_bytes = 32784 : i64, tilegpu.tensor_maps = [#tilegpu.tensor_map<tensor = "K", box = [64, 64], swizzle = 128>]
// CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @__tessera_smem
// CHECK: %[[BH:.*]] = nvvm.read.ptx.sreg.ctaid.y
// CHECK: %[[BAR:.*]] = llvm.getelementptr %[[SMEM]][32768]
// CHECK: nvvm.barrier0
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %{{.*}}, %c0_i32
// CHECK: scf.if %[[FIRST]] {
// CHECK-NEXT: %[[BAR1:.*]] = llvm.getelementptr %[[BAR]][8]
// CHECK-NEXT: nvvm.mbarrier.init %[[BAR]], %c1_i32
// CHECK-NEXT: nvvm.mbarrier.init %[[BAR1]], %c1_i32
// CHECK-NEXT: nvvm.fence.mbarrier.init
// CHECK-NEXT: }
// CHECK-NEXT: nvvm.barrier0
// CHECK: scf.if
// CHECK-NEXT: nvvm.mbarrier.arrive.expect_tx %[[BAR]], %c16384_i32
// CHECK-NEXT: %[[D0:.*]] = llvm.addrspacecast %[[SMEM]] : !llvm.ptr<3> to !llvm.ptr<7>
// CHECK-NEXT: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[D0]], %[[MAP]], %[[BAR]], box[%c0_i32, %c0_i32, %[[BH]]]
// CHECK-NEXT: %[[P1:.*]] = llvm.getelementptr %[[SMEM]][8192]
// CHECK-NEXT: %[[D1:.*]] = llvm.addrspacecast %[[P1]]
// CHECK-NEXT: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[D1]], %[[MAP]], %[[BAR]], box[%c64_i32, %c0_i32, %[[BH]]]
// CHECK: scf.for %[[IV:.*]] = %c0_i32 to %[[N]]
// CHECK: %[[NEXT:.*]] = arith.addi %[[IV]], %c64_i32
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global {{.*}}, %[[MAP]], {{.*}}, box[%c0_i32, %[[NEXT]], %[[BH]]]
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global {{.*}}, %[[MAP]], {{.*}}, box[%c64_i32, %[[NEXT]], %[[BH]]]
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK-NEXT: "test.use"
// CHECK: }
// CHECK: nvvm.barrier0
// CHECK-NEXT: scf.if %[[FIRST]] {
// CHECK-NEXT: %[[INV1:.*]] = llvm.getelementptr %[[BAR]][8]
// CHECK-NEXT: nvvm.mbarrier.inval %[[BAR]]
// CHECK-NEXT: nvvm.mbarrier.inval %[[INV1]]
func.func @tma(%k: !tile.view<f16, 3> {tile.name = "K", tile.role = "input"}, %n: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %bh = tile.program_id 1
  scf.for %i = %c0 to %n step %c64 : i32 {
    %kt = tile.load %k[%bh, %i, %c0] {tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x128xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
    "test.use"(%kt) : (tensor<64x128xf16, #tilegpu.shared<transposed = false, swizzle = 128>>) -> ()
  }
  return
}
