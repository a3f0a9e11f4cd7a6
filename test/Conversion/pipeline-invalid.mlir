// RUN: tessera-opt %s -split-input-file -tessera-to-nvvm -verify-diagnostics

// Layouts that passes make are not verified as types are when parsed:
// convert-tile-to-nvvm checks them (tilegpu::verifyKernelLayouts) before
// lowering.

// 512x256 on one warp is 4096 elements a thread (in the blocked layout of a
// copy): an mma tile of that size took 13 s and 1.9 GB to lower.
func.func @too_many_elements(%a: !tile.view<f32, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  // expected-error @+1 {{expected at most 1024 elements per thread in #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]> (4 times a thread's 255 registers), got 4096}}
  %x = tile.load %a[%c0, %c0] : !tile.view<f32, 2> -> tensor<512x256xf32>
  tile.store %x, %o[%c0, %c0] : tensor<512x256xf32> -> !tile.view<f32, 2>
  return
}
