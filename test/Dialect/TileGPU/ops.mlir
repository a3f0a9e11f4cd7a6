// RUN: tessera-opt %s | tessera-opt | FileCheck %s
// RUN: tessera-opt %s --mlir-print-op-generic | tessera-opt | FileCheck %s

// Round trip of the tilegpu layouts and ops.

// CHECK-DAG: #mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
// CHECK-DAG: #shared = #tilegpu.shared<transposed = false, swizzle = 128>
// CHECK-DAG: #[[$SW64:shared[0-9]+]] = #tilegpu.shared<transposed = false, swizzle = 64>
// CHECK-DAG: #[[$SW16:shared[0-9]+]] = #tilegpu.shared<transposed = false, swizzle = 16>
// CHECK-DAG: #[[$SW32T:shared_t[0-9]*]] = #tilegpu.shared<transposed = true, swizzle = 32>
// CHECK-DAG: #rows = #tilegpu.slice<dim = 1, parent = #mma>
// CHECK-DAG: #cols = #tilegpu.slice<dim = 0, parent = #mma>
// CHECK-DAG: #blocked = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #blocked1 = #tilegpu.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: func.func @ops
func.func @ops(%k: !tile.view<f16, 2>, %i: i32, %s: i32, %p: i1,
               %r: tensor<64xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 4, warpsN = 1>>>,
               %h: tensor<64x64xf16, #tilegpu.mma<warpsM = 4, warpsN = 1>>) {
  // CHECK: tilegpu.async_load %{{.*}}[%{{.*}}, %{{.*}}] stage %{{.*}} if %{{.*}} {buffer = 0 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
  tilegpu.async_load %k[%i, %i] stage %s if %p {buffer = 0 : i64}
      : !tile.view<f16, 2> -> tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  // CHECK: tilegpu.async_commit
  tilegpu.async_commit
  // The TMA ring's ops (tilegpu-pipeline on loads with tilegpu.tma).
  // CHECK: tilegpu.ring_init {buffer = 1 : i64, stages = 2 : i64}
  tilegpu.ring_init {buffer = 1 : i64, stages = 2 : i64}
  // CHECK: tilegpu.async_load {{.*}} {buffer = 1 : i64, tilegpu.barrier_offset = 16384 : i64, tilegpu.tma}
  tilegpu.async_load %k[%i, %i] stage %s if %p {buffer = 1 : i64, tilegpu.tma, tilegpu.barrier_offset = 16384 : i64}
      : !tile.view<f16, 2> -> tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  // CHECK: tilegpu.stage_wait stage %{{.*}} phase %{{.*}} {buffer = 1 : i64}
  tilegpu.stage_wait stage %s phase %i {buffer = 1 : i64}
  // CHECK: tilegpu.ring_inval {buffer = 1 : i64, stages = 2 : i64}
  tilegpu.ring_inval {buffer = 1 : i64, stages = 2 : i64}
  // A warp-specialized ring: empty barriers, acquired and released.
  // CHECK: tilegpu.ring_init {arrivals = 8 : i64, buffer = 2 : i64, stages = 2 : i64}
  tilegpu.ring_init {arrivals = 8 : i64, buffer = 2 : i64, stages = 2 : i64}
  // CHECK: tilegpu.stage_acquire stage %{{.*}} phase %{{.*}} {buffer = 2 : i64}
  tilegpu.stage_acquire stage %s phase %i {buffer = 2 : i64}
  // CHECK: tilegpu.stage_release stage %{{.*}} {buffer = 2 : i64}
  tilegpu.stage_release stage %s {buffer = 2 : i64}
  // CHECK: tilegpu.ring_inval {buffer = 2 : i64, empty, stages = 2 : i64}
  tilegpu.ring_inval {buffer = 2 : i64, empty, stages = 2 : i64}
  // CHECK: tilegpu.async_wait 1
  tilegpu.async_wait 1
  // CHECK: tilegpu.stage_view stage %{{.*}} {buffer = 0 : i64} : tensor<64x64xf16, #shared>
  %t = tilegpu.stage_view stage %s {buffer = 0 : i64} : tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  // CHECK: tilegpu.convert_layout %{{.*}} : tensor<64xf32, #rows> -> tensor<64xf32, #cols>
  %c = tilegpu.convert_layout %r : tensor<64xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 4, warpsN = 1>>>
      -> tensor<64xf32, #tilegpu.slice<dim = 0, parent = #tilegpu.mma<warpsM = 4, warpsN = 1>>>
  // CHECK: tilegpu.convert_layout %{{.*}} : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #shared>
  %d = tilegpu.convert_layout %h : tensor<64x64xf16, #tilegpu.mma<warpsM = 4, warpsN = 1>>
      -> tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  // CHECK: tilegpu.convert_layout %{{.*}} : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #mma>
  %e = tilegpu.convert_layout %t : tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
      -> tensor<64x64xf16, #tilegpu.mma<warpsM = 4, warpsN = 1>>
  return
}

// The blocked layout and its slices (#blocked, #rows, #cols aliases); a
// conversion between a blocked and an mma tile; the vector width of a load.
// CHECK-LABEL: func.func @blocked
func.func @blocked(%x: !tile.view<f16, 2>, %i: i32,
                   %r: tensor<64xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>>,
                   %v: tensor<256xf32, #tilegpu.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>) {
  // CHECK: tile.load %{{.*}}[%{{.*}}, %{{.*}}] {tilegpu.vector = 8 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #blocked>
  %t = tile.load %x[%i, %i] {tilegpu.vector = 8 : i64} : !tile.view<f16, 2>
      -> tensor<64x64xf16, #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
  // CHECK: tilegpu.convert_layout %{{.*}} : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #mma>
  %m = tilegpu.convert_layout %t : tensor<64x64xf16, #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
      -> tensor<64x64xf16, #tilegpu.mma<warpsM = 4, warpsN = 1>>
  return
}

// Any swizzle whose period divides the stored rows, the canonical one or a
// smaller one (64 bytes on 64 columns); a transposed tile's stored rows are
// its columns (48 of them: 32 bytes). The parameters parse in any order.
// CHECK-LABEL: func.func @swizzles
// CHECK-SAME: tensor<64x64xf16, #[[$SW64]]>, %{{.*}}: tensor<16x8xf16, #[[$SW16]]>, %{{.*}}: tensor<48x16xf16, #[[$SW32T]]>
func.func @swizzles(%a: tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 64>>,
                    %b: tensor<16x8xf16, #tilegpu.shared<transposed = false, swizzle = 16>>,
                    %c: tensor<48x16xf16, #tilegpu.shared<swizzle = 32, transposed = true>>) {
  return
}

// An asynchronous dot and its wait.
// CHECK-LABEL: func.func @async_dot
// CHECK: %[[D:.*]] = tile.dot %{{.*}}, %{{.*}}, %{{.*}} {tilegpu.async, tilegpu.wgmma} : tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared> -> tensor<64x64xf32, #mma>
// CHECK: tilegpu.dot_wait %[[D]] {pendings = 1 : i32} : tensor<64x64xf32, #mma>
func.func @async_dot(%a: tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>, %b: tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>,
                     %c: tensor<64x64xf32, #tilegpu.mma<warpsM = 4, warpsN = 1>>) -> tensor<64x64xf32, #tilegpu.mma<warpsM = 4, warpsN = 1>> {
  %d = tile.dot %a, %b, %c {tilegpu.async, tilegpu.wgmma} : tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>, tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
      -> tensor<64x64xf32, #tilegpu.mma<warpsM = 4, warpsN = 1>>
  %w = tilegpu.dot_wait %d {pendings = 1 : i32} : tensor<64x64xf32, #tilegpu.mma<warpsM = 4, warpsN = 1>>
  return %w : tensor<64x64xf32, #tilegpu.mma<warpsM = 4, warpsN = 1>>
}

// The body of a warp-specialized kernel.
// CHECK-LABEL: func.func @specialized
// CHECK: tilegpu.warp_specialize {consumer_registers = 240 : i64, producer_registers = 24 : i64, producer_warps = 4 : i64} producer {
// CHECK: scf.for
// CHECK: } {tilegpu.producer}
// CHECK-NEXT: } consumer {
// CHECK-NEXT: tilegpu.async_wait 0
func.func @specialized(%k: !tile.view<f16, 2>, %n: i32)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  tilegpu.warp_specialize {consumer_registers = 240 : i64, producer_registers = 24 : i64, producer_warps = 4 : i64} producer {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %true = arith.constant true
    scf.for %i = %c0 to %n step %c64 : i32 {
      tilegpu.stage_acquire stage %c0 phase %c0 {buffer = 0 : i64}
      tilegpu.async_load %k[%i, %c0] stage %c0 if %true {buffer = 0 : i64, tilegpu.tma}
          : !tile.view<f16, 2> -> tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
    } {tilegpu.producer}
  } consumer {
    tilegpu.async_wait 0
  }
  return
}
