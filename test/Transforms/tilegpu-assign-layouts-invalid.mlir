// RUN: tessera-opt %s -split-input-file -tilegpu-assign-layouts -verify-diagnostics
// RUN: not tessera-opt %s -split-input-file -tilegpu-assign-layouts=num-warps=33 2>&1 | FileCheck %s --check-prefix=WARPS

// The num-warps option is bounded like tile.num_warps (a CTA has at most 32
// warps); in the billions it looped as long choosing a layout.
// WARPS: error: expected num-warps in [0, 32] (0: the kernel's tile.num_warps), got 33

// Tiles of rank 3 have no GPU layout. A reduction or expand_dims along
// dimension 2 made a #tilegpu.slice<dim = 2> (which an assertion in the
// attribute's constructor rejects); now the mma layout reaching the tile is
// the error.

func.func @reduce_axis2(%a: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x16xf16>
  %y = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<16x16xf16>
  %z = arith.constant dense<0.0> : tensor<64x16xf32>
  %d = tile.dot %x, %y, %z : tensor<64x16xf16>, tensor<16x16xf16> -> tensor<64x16xf32>
  // expected-error @+1 {{expected a 1-D or 2-D tile for layout #tilegpu.mma<warpsM = 4, warpsN = 1>, got 'tensor<64x16x1xf32>'}}
  %e = tile.expand_dims %d axis 2 : tensor<64x16xf32> -> tensor<64x16x1xf32>
  %r = tile.reduce max %e axis 2 : tensor<64x16x1xf32> -> tensor<64x16xf32>
  tile.store %r, %o[%c0, %c0] : tensor<64x16xf32> -> !tile.view<f32, 2>
  return
}

// -----

func.func @expand_axis2(%a: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x16xf16>
  %y = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<16x16xf16>
  %z = arith.constant dense<0.0> : tensor<64x16xf32>
  %d = tile.dot %x, %y, %z : tensor<64x16xf16>, tensor<16x16xf16> -> tensor<64x16xf32>
  %r = tile.reduce max %d axis 1 : tensor<64x16xf32> -> tensor<64xf32>
  %e = tile.expand_dims %r axis 1 : tensor<64xf32> -> tensor<64x1xf32>
  // expected-error @+1 {{expected a 1-D or 2-D tile for layout #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 4, warpsN = 1>>, got 'tensor<64x1x1xf32>'}}
  %f = tile.expand_dims %e axis 2 : tensor<64x1xf32> -> tensor<64x1x1xf32>
  %g = tile.reduce max %f axis 2 : tensor<64x1x1xf32> -> tensor<64x1xf32>
  %b = tile.broadcast %g : tensor<64x1xf32> -> tensor<64x16xf32>
  tile.store %b, %o[%c0, %c0] : tensor<64x16xf32> -> !tile.view<f32, 2>
  return
}

// -----

// The pass changes no function type: tiles do not cross the boundary (the
// result type was left without the layout of the returned tile).

// expected-error @+1 {{expected scalar function results, got 'tensor<16x8xf32>'}}
func.func @tile_result(%x: f32) -> tensor<16x8xf32> {
  %s = tile.splat %x : f32 -> tensor<16x8xf32>
  return %s : tensor<16x8xf32>
}

// -----

func.func private @helper(tensor<16x8xf32>)

func.func @tile_call(%x: f32) {
  %s = tile.splat %x : f32 -> tensor<16x8xf32>
  // expected-error @+1 {{expected no tiles passed to or returned from a call}}
  func.call @helper(%s) : (tensor<16x8xf32>) -> ()
  return
}

// -----

// Layouts are assigned once: GPU-level input (tessera-to-nvvm run on the
// output of tessera-to-gpu) was laid out again into IR that did not verify.

func.func @laid_out(%o: !tile.view<f32, 2>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : i32
  // expected-error @+1 {{expected tiles without layouts (layouts are assigned once), got 'tensor<64x16xf32, #tilegpu.mma<warpsM = 4, warpsN = 1>>'}}
  %z = arith.constant dense<1.0> : tensor<64x16xf32, #tilegpu.mma<warpsM = 4, warpsN = 1>>
  tile.store %z, %o[%c0, %c0] : tensor<64x16xf32, #tilegpu.mma<warpsM = 4, warpsN = 1>> -> !tile.view<f32, 2>
  return
}

// -----

func.func @pipelined(%k: !tile.view<f16, 2>, %i: i32, %p: i1) attributes {tile.kernel} {
  // expected-error @+1 {{expected the tile level (layouts are assigned once), got a tilegpu op}}
  tilegpu.async_commit
  return
}

// -----

// A blocked layout holds whole repetitions of its coverage: 5000 elements
// are not (a tile of 8192 with the tail masked is).
func.func @odd_row(%a: !tile.view<f16, 1>, %i: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  // expected-error @+1 {{expected the size of dimension 0 in #tilegpu.blocked<sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]> to be a multiple of sizePerThread (8) and a multiple of the coverage (1024) or smaller, got 5000}}
  %x = tile.load %a[%i] : !tile.view<f16, 1> -> tensor<5000xf16>
  tile.store %x, %a[%i] : tensor<5000xf16> -> !tile.view<f16, 1>
  return
}

// -----

// No GPU layout distributes a tile of rank 3.
func.func @rank3(%a: !tile.view<f32, 3>, %i: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  // expected-error @+1 {{expected a 1-D or 2-D tile on the GPU (no layout distributes tiles of higher rank), got 'tensor<2x4x8xf32>'}}
  %x = tile.load %a[%i, %i, %i] : !tile.view<f32, 3> -> tensor<2x4x8xf32>
  tile.store %x, %a[%i, %i, %i] : tensor<2x4x8xf32> -> !tile.view<f32, 3>
  return
}

// -----

// A row maximum expanded into a 3-D tile and reduced again: the slice layout
// reaches a tile of rank 3, which has no layout (found by
// tessera-pipeline-fuzzer: a 2-D slice-layout tile's reduction takes a
// blocked copy, and the 3-D one was given one too, past the layout's rank).
func.func @expand_axis2(%a: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x16xf16>
  %y = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<16x16xf16>
  %z = arith.constant dense<0.0> : tensor<64x16xf32>
  %d = tile.dot %x, %y, %z : tensor<64x16xf16>, tensor<16x16xf16> -> tensor<64x16xf32>
  %r = tile.reduce max %d axis 1 : tensor<64x16xf32> -> tensor<64xf32>
  %e = tile.expand_dims %r axis 1 : tensor<64xf32> -> tensor<64x1xf32>
  // expected-error @+1 {{expected a 1-D or 2-D tile for layout}}
  %f = tile.expand_dims %e axis 2 : tensor<64x1xf32> -> tensor<64x1x1xf32>
  %g = tile.reduce max %f axis 1 : tensor<64x1x1xf32> -> tensor<64x1xf32>
  %b = tile.broadcast %g : tensor<64x1xf32> -> tensor<64x16xf32>
  tile.store %b, %o[%c0, %c0] : tensor<64x16xf32> -> !tile.view<f32, 2>
  return
}
