// RUN: tessera-opt %s -tilegpu-assign-layouts -tessera-attach-target=chip=sm_86 -tilegpu-allocate-shared -verify-diagnostics
// RUN: tessera-opt %s -tilegpu-assign-layouts -tessera-attach-target=chip=sm_90a -tilegpu-allocate-shared | FileCheck %s --check-prefix=SM90
// RUN: not tessera-opt %s -tilegpu-assign-layouts -tessera-attach-target=chip=sm_42 -tilegpu-allocate-shared 2>&1 | FileCheck %s --check-prefix=CHIP
// Without a target (tessera-attach-target) the allocator has no budget.
// RUN: not tessera-opt %s -tilegpu-assign-layouts -tilegpu-allocate-shared 2>&1 | FileCheck %s --check-prefix=NOTARGET
// NOTARGET: error: expected the module to name its target ('tilegpu.target' and 'tilegpu.shared_memory'): run tessera-attach-target first

// 128 KB of shared tiles fit the 227 KB of sm_90a but not the 99 KB of sm_86;
// the error names every buffer.
// SM90: tilegpu.shared_bytes = 131072
// CHIP: unsupported target 'sm_42' (supported: sm_80, sm_86, sm_89, sm_90, sm_90a, sm_100, sm_120)

// expected-error @+1 {{needs 131072 bytes of shared memory, over the sm_86 budget of 101376 bytes}}
func.func @big(%a: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  // expected-note @+1 {{buffer of 65536 bytes for 'tensor<256x128xf16, #tilegpu.shared<transposed = false, swizzle = 128>>' (1 stage) at offset 0}}
  %x = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<256x128xf16>
  // expected-note @+1 {{buffer of 65536 bytes for 'tensor<128x256xf16, #tilegpu.shared<transposed = false, swizzle = 128>>' (1 stage) at offset 65536}}
  %y = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<128x256xf16>
  %z = arith.constant dense<0.0> : tensor<256x256xf32>
  %d = tile.dot %x, %y, %z : tensor<256x128xf16>, tensor<128x256xf16> -> tensor<256x256xf32>
  tile.store %d, %o[%c0, %c0] : tensor<256x256xf32> -> !tile.view<f32, 2>
  return
}
