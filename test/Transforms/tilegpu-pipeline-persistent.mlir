// RUN: tessera-opt %s -allow-unregistered-dialect -tilegpu-pipeline | FileCheck %s --check-prefix=PIPE --enable-var-scope
// RUN: tessera-opt %s -allow-unregistered-dialect -tilegpu-pipeline -tilegpu-warp-specialize | FileCheck %s --enable-var-scope
// RUN: tessera-opt %s -allow-unregistered-dialect -tilegpu-pipeline -tilegpu-warp-specialize -tessera-attach-target -tilegpu-allocate-shared -tilegpu-test-print-allocation 2>&1 | FileCheck %s --check-prefix=ALLOC

// A persistent kernel (tilegpu-persistent's loop of programs) with two
// pipelined loops a program, warp-specialized. The rings are made ready once,
// before the loop of programs, and retired after it; the loop carries each
// ring's count of iterations from program to program (from 0), on which the
// first loop counts on, the second after the first's trips, and the next
// program after both. The loop of programs itself is not pipelined: its
// load (the program's own tile, %q) stays where it is. No drain inside it:
// one barrier, after it, before the rings are retired.
// PIPE-LABEL: func.func @programs
// PIPE: %[[ZERO:.*]] = arith.constant 0 : i32
// PIPE-NEXT: tilegpu.ring_init {arrivals = 8 : i64, buffer = 0 : i64, stages = 2 : i64}
// PIPE-NEXT: %{{.*}} = scf.for %[[T:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[BEFORE:.*]] = %[[ZERO]]) -> (i32) : i32 {
// PIPE: tile.load %arg2[%[[T]], %{{.*}}] : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
// PIPE: %[[TRIPS1:.*]] = arith.ceildivsi
// PIPE: %[[AFTER1:.*]] = arith.addi %[[BEFORE]], %[[TRIPS1]] : i32
// PIPE: scf.for
// PIPE: %[[LOCAL:.*]] = arith.divsi
// PIPE: arith.addi %[[BEFORE]], %[[LOCAL]] : i32
// PIPE: tilegpu.stage_acquire
// PIPE: } {tilegpu.producer}
// PIPE: scf.for
// PIPE: %[[LOCAL:.*]] = arith.divsi
// PIPE-NEXT: %[[K:.*]] = arith.addi %[[BEFORE]], %[[LOCAL]] : i32
// PIPE: tilegpu.stage_wait stage %{{.*}} phase %{{.*}} {buffer = 0 : i64}
// PIPE: tilegpu.stage_release
// PIPE-NOT: tilegpu.async_wait
// PIPE-NOT: tilegpu.ring_inval
// PIPE: %[[TRIPS2:.*]] = arith.ceildivsi
// PIPE: %[[AFTER2:.*]] = arith.addi %[[AFTER1]], %[[TRIPS2]] : i32
// PIPE: } {tilegpu.producer}
// PIPE-NOT: tilegpu.async_wait
// PIPE-NOT: tilegpu.ring_inval
// PIPE: "test.store"
// PIPE-NEXT: scf.yield %[[AFTER2]] : i32
// PIPE-NEXT: } {tilegpu.persistent}
// PIPE-NEXT: tilegpu.async_wait 0
// PIPE-NEXT: tilegpu.ring_inval {buffer = 0 : i64, empty, stages = 2 : i64}
// PIPE-NEXT: return

// The split: the producer runs its own loop over the same programs, with
// the bounds and the carried counts recomputed (the program's index from
// the loop's induction variable), holding both producer loops.
// CHECK-LABEL: func.func @programs
// CHECK-NEXT: tilegpu.ring_init {arrivals = 8 : i64, buffer = 0 : i64, stages = 2 : i64}
// CHECK-NEXT: tilegpu.warp_specialize
// CHECK: %[[FIRST:.*]] = tile.program_id 0
// CHECK: %[[STEP:.*]] = tile.num_programs 0
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: scf.for %[[T:.*]] = %[[FIRST]] to %{{.*}} step %[[STEP]] iter_args(%[[BEFORE:.*]] = %[[ZERO]]) -> (i32) : i32 {
// CHECK: arith.muli %[[T]], %{{.*}} : i32
// CHECK: scf.for
// CHECK: arith.addi %[[BEFORE]], %{{.*}} : i32
// CHECK: tilegpu.async_load %arg0
// CHECK: } {tilegpu.producer}
// CHECK: scf.for
// CHECK: tilegpu.async_load %arg0
// CHECK: } {tilegpu.producer}
// CHECK: scf.yield %{{.*}} : i32
// CHECK-NEXT: } {tilegpu.persistent}
// CHECK-NEXT: } consumer {
// CHECK-NOT: tilegpu.producer
// CHECK: tile.load %arg2
// CHECK: "test.use"
// CHECK: "test.masked"
// CHECK-NOT: tilegpu.async_wait
// CHECK: } {tilegpu.persistent}
// CHECK-NEXT: tilegpu.async_wait 0
// CHECK-NEXT: tilegpu.ring_inval
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: return

// The ring lives through the whole warp_specialize; the program's tile
// (%q) through the consumers' loop of programs.
// ALLOC-LABEL: allocation of @programs
// ALLOC-NEXT: buffer offset=0 size=16384 stages=2 barriers=24576 live=[1, 106]
// ALLOC-NEXT: buffer offset=16384 size=8192 stages=1 live=[61, 102]
// ALLOC-NEXT: total=24608
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
func.func @programs(%k: !tile.view<f16, 2> {tile.role = "input"}, %n: i32, %q: !tile.view<f16, 2> {tile.role = "input"}, %total: i32)
    attributes {tile.kernel, tile.num_warps = 8 : i32, tile.num_stages = 2 : i32, tile.warp_specialize = true, tilegpu.persistent} {
  %first = tile.program_id 0
  %step = tile.num_programs 0
  scf.for %t = %first to %total step %step : i32 {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %row = arith.muli %t, %c64 : i32
    %qt = tile.load %q[%t, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    %mid = arith.addi %row, %n : i32
    scf.for %i = %c0 to %row step %c64 : i32 {
      %kt = tile.load %k[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
      "test.use"(%qt, %kt) : (tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared>) -> ()
    }
    scf.for %i = %row to %mid step %c64 : i32 {
      %kt = tile.load %k[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
      "test.masked"(%qt, %kt) : (tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared>) -> ()
    }
    "test.store"(%row) : (i32) -> ()
  } {tilegpu.persistent}
  return
}

// Without warp specialization each program's loops keep their own rings,
// made ready and retired around each loop, inside the loop of programs;
// nothing is carried.
// PIPE-LABEL: func.func @programs_unspecialized
// PIPE: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// PIPE: tilegpu.ring_init {buffer = 0 : i64, stages = 2 : i64}
// PIPE: "test.use"
// PIPE: tilegpu.async_wait 0
// PIPE-NEXT: tilegpu.ring_inval {buffer = 0 : i64, stages = 2 : i64}
// PIPE: } {tilegpu.persistent}
// PIPE-NEXT: return
func.func @programs_unspecialized(%k: !tile.view<f16, 2> {tile.role = "input"}, %total: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32, tilegpu.persistent} {
  %first = tile.program_id 0
  %step = tile.num_programs 0
  scf.for %t = %first to %total step %step : i32 {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %row = arith.muli %t, %c64 : i32
    scf.for %i = %c0 to %row step %c64 : i32 {
      %kt = tile.load %k[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
      "test.use"(%kt) : (tensor<64x64xf16, #shared>) -> ()
    }
  } {tilegpu.persistent}
  return
}
