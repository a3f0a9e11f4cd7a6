// RUN: tessera-opt %s -split-input-file -tessera-attach-target=chip=sm_80 -convert-tile-to-nvvm | FileCheck %s --enable-var-scope


// A shared A operand read into the mma layout (tilegpu-select-mma's
// loop-invariant read): one ldmatrix.x4 per 16x16 fragment, no scratch and
// no barrier; the dot in the loop takes its fragments from registers.
#mma = #tilegpu.mma<warpsM = 1, warpsN = 1>
#sharedA = #tilegpu.shared<transposed = false, swizzle = 64>
#sharedB = #tilegpu.shared<transposed = false, swizzle = 32>
// CHECK-LABEL: llvm.func @invariant_a
// CHECK: nvvm.barrier0
// CHECK-COUNT-2: nvvm.ldmatrix {{.*}}layout = #nvvm.mma_layout<row>
// CHECK-NOT: nvvm.barrier0
// CHECK: scf.for
// CHECK-NOT: layout = #nvvm.mma_layout<row>
// CHECK: nvvm.ldmatrix {{.*}}layout = #nvvm.mma_layout<col>
// CHECK-NOT: layout = #nvvm.mma_layout<row>
// CHECK: nvgpu.mma.sync
// CHECK: scf.yield
func.func @invariant_a(%a: !tile.view<f16, 2>, %o: !tile.view<f32, 2>, %n: i32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %as = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<16x32xf16, #sharedA>
  %ar = tilegpu.convert_layout %as : tensor<16x32xf16, #sharedA> -> tensor<16x32xf16, #mma>
  %z = arith.constant dense<0.0> : tensor<16x16xf32, #mma>
  %r = scf.for %j = %c0 to %n step %c16 iter_args(%acc = %z) -> (tensor<16x16xf32, #mma>) : i32 {
    %bs = tile.load %a[%j, %c0] {tilegpu.shared_offset = 1024 : i64} : !tile.view<f16, 2> -> tensor<32x16xf16, #sharedB>
    %d = tile.dot %ar, %bs, %acc : tensor<16x32xf16, #mma>, tensor<32x16xf16, #sharedB> -> tensor<16x16xf32, #mma>
    scf.yield %d : tensor<16x16xf32, #mma>
  }
  tile.store %r, %o[%c0, %c0] : tensor<16x16xf32, #mma> -> !tile.view<f32, 2>
  return
}

// -----

// Into any other register layout (a dot operand the kernel also stores,
// reduces or computes with), each thread reads its slots one by one where
// the swizzle puts them: element (r, c) in chunk (c / 8) ^ (r % 8) of its
// 128-byte row; no ldmatrix, no barrier of its own (the tile's copy was
// waited for: here the plain load's barrier).
#bl = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>
#sw = #tilegpu.shared<transposed = false, swizzle = 128>
// CHECK-LABEL: llvm.func @shared_to_blocked
// CHECK: nvvm.cp.async.shared.global
// CHECK: nvvm.barrier0
// CHECK-NOT: nvvm.ldmatrix
// CHECK: arith.xori
// CHECK-COUNT-8: llvm.load %{{.*}} : !llvm.ptr<3> -> f16
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.store
func.func @shared_to_blocked(%a: !tile.view<f16, 2>, %o: !tile.view<f16, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %s = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<4x64xf16, #sw>
  %r = tilegpu.convert_layout %s : tensor<4x64xf16, #sw> -> tensor<4x64xf16, #bl>
  tile.store %r, %o[%c0, %c0] : tensor<4x64xf16, #bl> -> !tile.view<f16, 2>
  return
}
