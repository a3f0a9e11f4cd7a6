// RUN: tessera-opt %s -split-input-file -tessera-attach-target=chip=sm_80 -tilegpu-allocate-shared -convert-tile-to-nvvm -canonicalize -cse | FileCheck %s --enable-var-scope

// A shared tile is addressed as its #tilegpu.shared says, not as its shape
// would suggest: A is 16x64 (canonically swizzle = 128, one 64-column panel,
// chunk XOR row % 8) with a 64-byte swizzle: rows of 128 bytes whose 16-byte
// chunks are XORed with row % 4 in groups of 4 (64 bytes).
//
// The copies: thread t stores chunk t % 8 of row t / 8 at
//   row * 128 + chunk / 4 * 64 + ((chunk % 4) ^ (row % 4)) * 16.
// CHECK-LABEL: llvm.func @swizzle64
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : i32
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : i32
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : i32
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : i32
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : i32
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : i32
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : i32
// CHECK-DAG: %[[SMEM:.*]] = llvm.mlir.addressof @__tessera_smem : !llvm.ptr<3>
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[ROW:.*]] = arith.divui %[[TID]], %[[C8]] : i32
// CHECK: %[[CHUNK:.*]] = arith.remui %[[TID]], %[[C8]] : i32
// CHECK: %[[PHASE:.*]] = arith.remui %[[ROW]], %[[C4]] : i32
// CHECK: %[[GROUP:.*]] = arith.divui %[[CHUNK]], %[[C4]] : i32
// CHECK: %[[LO:.*]] = arith.remui %[[CHUNK]], %[[C4]] : i32
// CHECK: %[[SWIZZLED:.*]] = arith.xori %[[LO]], %[[PHASE]] : i32
// CHECK: %[[GROUPBYTES:.*]] = arith.muli %[[GROUP]], %[[C64]] : i32
// CHECK: %[[CHUNKBYTES:.*]] = arith.muli %[[SWIZZLED]], %[[C16]] : i32
// CHECK: %[[INROW:.*]] = arith.addi %[[GROUPBYTES]], %[[CHUNKBYTES]] : i32
// CHECK: %[[ROWBYTES:.*]] = arith.muli %[[ROW]], %[[C128]] : i32
// CHECK: %[[OFFSET:.*]] = arith.addi %[[ROWBYTES]], %[[INROW]] : i32
// CHECK: %[[DST:.*]] = llvm.getelementptr %[[SMEM]][%[[OFFSET]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: nvvm.cp.async.shared.global %[[DST]], %{{.*}}, 16
//
// The A fragments (ldmatrix.x4): lane l reads row l % 16, chunk l / 16 of
// k step 0 at row * 128 + ((l / 16) ^ (row % 4)) * 16; k step 1 (chunks 2
// and 3) XORs 2 into the chunk; k steps 2 and 3 are the next group of 4
// chunks, 64 bytes on (with the 128-byte swizzle they would be chunk XOR 4
// and XOR 6 in the same 128 bytes).
// CHECK: nvvm.cp.async.wait.group 0
// CHECK: %[[LANE:.*]] = arith.remui %[[TID]], %[[C32]] : i32
// CHECK: %[[AROW:.*]] = arith.addi %{{.*}}, %{{.*}} : i32
// CHECK: %[[HALF:.*]] = arith.divui %[[LANE]], %[[C16]] : i32
// CHECK: %[[APHASE:.*]] = arith.remui %[[AROW]], %[[C4]] : i32
// CHECK: %[[K0:.*]] = arith.xori %[[HALF]], %[[APHASE]] : i32
// CHECK: %[[K0BYTES:.*]] = arith.muli %[[K0]], %[[C16]] : i32
// CHECK: %[[AROWBYTES:.*]] = arith.muli %[[AROW]], %[[C128]] : i32
// CHECK: %[[A0OFF:.*]] = arith.addi %[[AROWBYTES]], %[[K0BYTES]] : i32
// CHECK: %[[A0:.*]] = llvm.getelementptr %[[SMEM]][%[[A0OFF]]]
// CHECK: nvvm.ldmatrix %[[A0]] {{.*}}layout = #nvvm.mma_layout<row>
// CHECK: nvvm.ldmatrix {{.*}}layout = #nvvm.mma_layout<col>
// CHECK: %[[K1:.*]] = arith.xori %[[K0]], %[[C2]] : i32
// CHECK: %[[K1BYTES:.*]] = arith.muli %[[K1]], %[[C16]] : i32
// CHECK: %[[A1OFF:.*]] = arith.addi %[[AROWBYTES]], %[[K1BYTES]] : i32
// CHECK: %[[A1:.*]] = llvm.getelementptr %[[SMEM]][%[[A1OFF]]]
// CHECK: nvvm.ldmatrix %[[A1]] {{.*}}layout = #nvvm.mma_layout<row>
// CHECK: %[[A2:.*]] = llvm.getelementptr %[[A0]][64] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: nvvm.ldmatrix %[[A2]] {{.*}}layout = #nvvm.mma_layout<row>
// CHECK: %[[A3:.*]] = llvm.getelementptr %[[A1]][64] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: nvvm.ldmatrix %[[A3]] {{.*}}layout = #nvvm.mma_layout<row>
// CHECK: llvm.return
#mma = #tilegpu.mma<warpsM = 1, warpsN = 1>
#swizzle64 = #tilegpu.shared<transposed = false, swizzle = 64>
#shared = #tilegpu.shared<transposed = false, swizzle = 32>
func.func @swizzle64(%a: !tile.view<f16, 2>, %b: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<16x64xf16, #swizzle64>
  %y = tile.load %b[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x16xf16, #shared>
  %z = arith.constant dense<0.0> : tensor<16x16xf32, #mma>
  %d = tile.dot %x, %y, %z : tensor<16x64xf16, #swizzle64>, tensor<64x16xf16, #shared> -> tensor<16x16xf32, #mma>
  tile.store %d, %o[%c0, %c0] : tensor<16x16xf32, #mma> -> !tile.view<f32, 2>
  return
}
