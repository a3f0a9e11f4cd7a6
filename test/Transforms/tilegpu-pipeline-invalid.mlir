// RUN: tessera-opt %s -tilegpu-pipeline=num-stages=4000000000 -verify-diagnostics
// RUN: not tessera-opt %s -tessera-to-nvvm=num-stages=9 2>&1 | FileCheck %s --check-prefix=PIPELINE

// The num-stages option is bounded like tile.num_stages (issue 16.2:
// num-stages=4000000000 made tilegpu-pipeline run for hours), also when it
// comes from the pipeline's option.

// PIPELINE: error: expected num-stages in [0, 8] (0: the kernel's tile.num_stages; every stage is a shared-memory copy of each pipelined tile), got 9

// expected-error @+1 {{expected num-stages in [0, 8] (0: the kernel's tile.num_stages; every stage is a shared-memory copy of each pipelined tile), got 4000000000}}
func.func @kernel(%a: !tile.view<f32, 2>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] : !tile.view<f32, 2> -> tensor<16x16xf32>
  tile.store %x, %a[%c0, %c0] : tensor<16x16xf32> -> !tile.view<f32, 2>
  return
}
