// RUN: tessera-opt %s -split-input-file -verify-diagnostics -tessera-attach-target=chip=sm_90a -tilegpu-allocate-shared -convert-tile-to-nvvm -canonicalize -cse | FileCheck %s --enable-var-scope

// Turns of three consumer warpgroups (384 threads; the producer's 128
// after them). Warpgroup i = tid / 128 waits on named barrier 2 + i and
// passes to 2 + (i + 1) % 3, each barrier completed by 256 threads (the
// waiting warpgroup and the passing one); the ring's opening pass is the
// last warpgroup's, its closing wait the first's.
// CHECK-LABEL: llvm.func @turns(
// CHECK-SAME: nvvm.maxntid = array<i32: 512, 1, 1>, tessera.consumer_threads = 384 : i32
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: nvvm.setmaxregister  increase 160
// CHECK-NEXT: %[[WG:.*]] = arith.divui %[[TID]], %c128_i32
// CHECK-NEXT: %[[LAST:.*]] = arith.cmpi eq, %[[WG]], %c2_i32
// CHECK-NEXT: scf.if %[[LAST]] {
// CHECK-NEXT: nvvm.barrier.arrive id = %c2_i32 number_of_threads = %c256_i32
// CHECK-NEXT: }
// CHECK-NEXT: %[[MINE:.*]] = arith.addi %[[WG]], %c2_i32
// CHECK-NEXT: nvvm.barrier id = %[[MINE]] number_of_threads = %c256_i32
// CHECK-NEXT: llvm.intr.trap
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[WG]], %c1_i32
// CHECK-NEXT: %[[RING:.*]] = arith.remui %[[NEXT]], %c3_i32
// CHECK-NEXT: %[[THEIRS:.*]] = arith.addi %[[RING]], %c2_i32
// CHECK-NEXT: nvvm.barrier.arrive id = %[[THEIRS]] number_of_threads = %c256_i32
// CHECK-NEXT: %[[FIRST:.*]] = arith.cmpi eq, %[[WG]], %c0_i32
// CHECK-NEXT: scf.if %[[FIRST]] {
// CHECK-NEXT: nvvm.barrier id = %c2_i32 number_of_threads = %c256_i32
// CHECK-NEXT: }
func.func @turns() attributes {tile.kernel, tile.num_warps = 12 : i32} {
  tilegpu.warp_specialize {consumer_registers = 160 : i64, producer_registers = 24 : i64, producer_warps = 4 : i64} producer {
  } consumer {
    tilegpu.turn_pass {warpgroup = 2 : i64}
    tilegpu.turn_wait
    "llvm.intr.trap"() : () -> ()
    tilegpu.turn_pass
    tilegpu.turn_wait {warpgroup = 0 : i64}
  }
  return
}

// -----

func.func @no_such_warpgroup() attributes {tile.kernel, tile.num_warps = 8 : i32} {
  tilegpu.warp_specialize {consumer_registers = 240 : i64, producer_registers = 24 : i64, producer_warps = 4 : i64} producer {
  } consumer {
    // expected-error @+2 {{'tilegpu.turn_pass' op expected a warpgroup below 2, got 2}}
    // expected-error @+1 {{failed to legalize operation 'tilegpu.turn_pass'}}
    tilegpu.turn_pass {warpgroup = 2 : i64}
  }
  return
}

// -----

func.func @not_specialized() attributes {tile.kernel, tile.num_warps = 8 : i32} {
  // expected-error @+2 {{'tilegpu.turn_wait' op expected a warp-specialized kernel whose consumers are whole warpgroups}}
  // expected-error @+1 {{failed to legalize operation 'tilegpu.turn_wait'}}
  tilegpu.turn_wait
  return
}
