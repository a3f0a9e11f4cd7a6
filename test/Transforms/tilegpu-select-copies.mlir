// RUN: tessera-opt %s -split-input-file -tessera-attach-target -tilegpu-select-copies=tma=true -verify-diagnostics | FileCheck %s --enable-var-scope
// RUN: tessera-opt %s -split-input-file -tilegpu-select-copies | FileCheck %s --check-prefix=NOTMA
// RUN: not tessera-opt %s -split-input-file -tessera-attach-target -tilegpu-select-copies="tma=true require-tma=true" 2>&1 | FileCheck %s --check-prefix=REQUIRE
// A target without the Hopper path has no TMA: asked for, that is an error.
// RUN: not tessera-opt %s -split-input-file -tessera-attach-target=chip=sm_80 -tilegpu-select-copies="tma=true require-tma=true" 2>&1 | FileCheck %s --check-prefix=NOHOPPER
// NOHOPPER: error: 'tile.load' op cannot be a TMA copy (--copies=tma): the target has no TMA (sm_80)

// The loads tilegpu-pipeline turns into rings get tilegpu.tma where one box
// per 64-column panel copies them from a kernel parameter: not the 32-column
// tile (no 128-byte panels), not the 64-column one whose #tilegpu.shared
// has a 64-byte swizzle, not the load from a narrowed view (its tensor map
// would need the narrowed sizes), not the load outside the loop.
// CHECK-LABEL: func.func @select
// CHECK: tile.load %{{.*}} : !tile.view<f16, 2> -> tensor<64x64xf16
// CHECK: scf.for
// CHECK: tile.load %arg0{{.*}} {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16
// CHECK: tile.load %arg1{{.*}} {tilegpu.tma} : !tile.view<bf16, 3> -> tensor<128x128xbf16
// CHECK: tile.load %arg2{{.*}} : !tile.view<f16, 2> -> tensor<64x32xf16
// CHECK-NOT: tilegpu.tma
// CHECK: tile.load %arg2{{.*}} : !tile.view<f16, 2> -> tensor<64x64xf16
// CHECK-NOT: tilegpu.tma
// CHECK: return
// Without tma (a chip without the Hopper path) nothing is marked.
// NOTMA-LABEL: func.func @select
// NOTMA-NOT: tilegpu.tma
// REQUIRE: error: 'tile.load' op cannot be a TMA copy (--copies=tma): a TMA box cannot write the tile: its #tilegpu.shared swizzle is 64 bytes, not 128 (64-column panels)
// REQUIRE: error: 'tile.load' op cannot be a TMA copy (--copies=tma): a TMA box cannot write the tile: its #tilegpu.shared swizzle is 64 bytes, not 128 (64-column panels)
// REQUIRE: error: 'tile.load' op cannot be a TMA copy (--copies=tma): the view is not a kernel parameter
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
#swizzle64 = #tilegpu.shared<transposed = false, swizzle = 64>
func.func @select(%k: !tile.view<f16, 2> {tile.role = "input"}, %v: !tile.view<bf16, 3> {tile.role = "input"},
                  %w: !tile.view<f16, 2> {tile.role = "input"}, %n: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %q = tile.load %k[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
  %narrow = tile.narrow %k, 0, %c64, %c64 : !tile.view<f16, 2>
  scf.for %i = %c0 to %n step %c64 : i32 {
    %kt = tile.load %k[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    %vt = tile.load %v[%c0, %i, %c0] : !tile.view<bf16, 3> -> tensor<128x128xbf16, #shared>
    %wt = tile.load %w[%i, %c0] : !tile.view<f16, 2> -> tensor<64x32xf16, #swizzle64>
    %st = tile.load %w[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16, #swizzle64>
    %nt = tile.load %narrow[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
  }
  return
}

// -----

// Without pipelining (num_stages 1) there is no ring to fill with TMA.
// CHECK-LABEL: func.func @unpipelined
// CHECK-NOT: tilegpu.tma
// REQUIRE: error: cannot copy tiles with TMA (--copies=tma): only pipelined loads are, and the kernel has 1 stage
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
func.func @unpipelined(%k: !tile.view<f16, 2> {tile.role = "input"}, %n: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  scf.for %i = %c0 to %n step %c64 : i32 {
    %kt = tile.load %k[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
  }
  return
}

// -----

// A persistent kernel that asks for warp specialization: its producer also
// copies the program's own tiles, so those get tilegpu.tma where TMA can
// copy them: Q (an input, at the top level of the loop of programs), not
// the tile of a tensor the kernel writes (%o: a copy for the next program
// could read it before this one's store), not the one TMA cannot copy
// (64-byte swizzle). Without the request (@plain), or without the loop of
// programs (@one_program: no next program to copy ahead), no program tile
// is marked.
// CHECK-LABEL: func.func @program_tiles
// CHECK: scf.for
// CHECK: tile.load %arg0{{.*}} {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16
// CHECK: tile.load %arg2{{.*}} : !tile.view<f16, 2> -> tensor<64x64xf16
// CHECK-NOT: tilegpu.tma
// CHECK: tile.load %arg0{{.*}} : !tile.view<f16, 2> -> tensor<64x32xf16
// CHECK-NOT: tilegpu.tma
// CHECK: scf.for
// CHECK: tile.load %arg1{{.*}} {tilegpu.tma}
// CHECK-LABEL: func.func @plain
// CHECK: tile.load %arg0{{.*}} : !tile.view<f16, 2> -> tensor<64x64xf16
// CHECK-NOT: tilegpu.tma
// CHECK: scf.for
// CHECK: tile.load %arg1{{.*}} {tilegpu.tma}
// CHECK-LABEL: func.func @one_program
// CHECK: tile.load %arg0{{.*}} : !tile.view<f16, 2> -> tensor<64x64xf16
// CHECK-NOT: tilegpu.tma
// CHECK: scf.for
// CHECK: tile.load %arg1{{.*}} {tilegpu.tma}
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
#swizzle64 = #tilegpu.shared<transposed = false, swizzle = 64>
func.func @program_tiles(%q: !tile.view<f16, 2> {tile.role = "input"}, %k: !tile.view<f16, 2> {tile.role = "input"},
                         %o: !tile.view<f16, 2> {tile.role = "output"}, %n: i32, %total: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32, tile.warp_specialize = true} {
  %first = tile.program_id 0
  %step = tile.num_programs 0
  scf.for %t = %first to %total step %step : i32 {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %qt = tile.load %q[%t, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    %ot = tile.load %o[%t, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    %st = tile.load %q[%t, %c0] : !tile.view<f16, 2> -> tensor<64x32xf16, #swizzle64>
    scf.for %i = %c0 to %n step %c64 : i32 {
      %kt = tile.load %k[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    }
  } {tilegpu.persistent}
  return
}
func.func @plain(%q: !tile.view<f16, 2> {tile.role = "input"}, %k: !tile.view<f16, 2> {tile.role = "input"}, %n: i32, %total: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32} {
  %first = tile.program_id 0
  %step = tile.num_programs 0
  scf.for %t = %first to %total step %step : i32 {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %qt = tile.load %q[%t, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    scf.for %i = %c0 to %n step %c64 : i32 {
      %kt = tile.load %k[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    }
  } {tilegpu.persistent}
  return
}
func.func @one_program(%q: !tile.view<f16, 2> {tile.role = "input"}, %k: !tile.view<f16, 2> {tile.role = "input"}, %n: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32, tile.warp_specialize = true} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %qt = tile.load %q[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
  scf.for %i = %c0 to %n step %c64 : i32 {
    %kt = tile.load %k[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
  }
  return
}
