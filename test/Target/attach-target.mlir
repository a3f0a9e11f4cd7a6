// tessera-attach-target names the chip once, on the module: the #nvvm.target
// the passes, the conversion and the Target stage read, and the chip's
// shared-memory budget. An unsupported chip or optimization level is an error.
// RUN: tessera-opt %s -tessera-attach-target | FileCheck %s --check-prefix=SM90A
// RUN: tessera-opt %s -tessera-attach-target="chip=sm_80 O=1" | FileCheck %s --check-prefix=SM80
// RUN: tessera-opt %s -tessera-attach-target="chip=sm_120 features=+ptx88" | FileCheck %s --check-prefix=FEATURES
// RUN: tessera-opt %s -tessera-attach-target=chip=sm_90a -tessera-attach-target=chip=sm_86 | FileCheck %s --check-prefix=REPLACED
// RUN: not tessera-opt %s -tessera-attach-target=chip=sm_75 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not tessera-opt %s -tessera-attach-target=O=4 2>&1 | FileCheck %s --check-prefix=OPT

// The conversion gives the module's target to the gpu.module it creates.
// RUN: tessera-opt %s -tessera-attach-target=chip=sm_80 -tilegpu-assign-layouts -tilegpu-allocate-shared -convert-tile-to-nvvm | FileCheck %s --check-prefix=GPU

// SM90A: module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">}
// SM80: module attributes {tilegpu.shared_memory = 166912 : i64, tilegpu.target = #nvvm.target<O = 1, chip = "sm_80", features = "+ptx80">}
// FEATURES: module attributes {tilegpu.shared_memory = 101376 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_120", features = "+ptx88">}
// REPLACED: module attributes {tilegpu.shared_memory = 101376 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_86", features = "+ptx80">}
// CHIP: error: unsupported target 'sm_75' (supported: sm_80, sm_86, sm_89, sm_90, sm_90a, sm_100, sm_120)
// OPT: error: expected an optimization level in [0, 3], got 4
// GPU: gpu.module @tessera [#nvvm.target<O = 3, chip = "sm_80", features = "+ptx80">]
func.func @copy(%x: !tile.view<f32, 1>, %y: !tile.view<f32, 1>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%c0] : !tile.view<f32, 1> -> tensor<128xf32>
  tile.store %t, %y[%c0] : tensor<128xf32> -> !tile.view<f32, 1>
  return
}
