// RUN: tessera-opt %s -split-input-file -convert-tile-to-nvvm -verify-diagnostics
// RUN: not tessera-opt %s -split-input-file -convert-tile-to-nvvm=max-registers=256 2>&1 | FileCheck %s --check-prefix=REGS

// What convert-tile-to-nvvm checks before lowering a kernel
// (tilegpu::verifyKernelLayouts): IR every verifier accepts but whose kernel
// would compute something else (issue 16.2).

// REGS: expected max-registers in [0, 255] (0: let ptxas choose), got 256

// warpsM = 8 fits 128 rows, but the kernel has 4 warps: the old lowering
// stored half the rows.
func.func @more_warps_than_kernel(%o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  // expected-error @+1 {{'arith.constant' op expected warpsM to divide the kernel's 4 warps (tile.num_warps), got 'tensor<128x16xf32, #tilegpu.mma<warpsM = 8, warpsN = 1>>'}}
  %z = arith.constant dense<1.0> : tensor<128x16xf32, #tilegpu.mma<warpsM = 8, warpsN = 1>>
  tile.store %z, %o[%c0, %c0] : tensor<128x16xf32, #tilegpu.mma<warpsM = 8, warpsN = 1>> -> !tile.view<f32, 2>
  return
}

// -----

// warpsM = 3 fits 48 rows but does not divide 4 warps (no tile.num_warps:
// the default 4).
func.func @warps_not_dividing(%o: !tile.view<f32, 1>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : i32
  // expected-error @+1 {{expected warpsM to divide the kernel's 4 warps (tile.num_warps), got 'tensor<48xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 3, warpsN = 1>>>'}}
  %z = arith.constant dense<1.0> : tensor<48xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 3, warpsN = 1>>>
  tile.store %z, %o[%c0] : tensor<48xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 3, warpsN = 1>>> -> !tile.view<f32, 1>
  return
}

// -----

func.func @not_a_layout(%a: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  // expected-error @+1 {{expected a #tilegpu layout, got 'tensor<16x16xf32, 7 : i64>'}}
  %x = tile.load %a[%c0, %c0] : !tile.view<f32, 2> -> tensor<16x16xf32, 7>
  return
}

// -----

func.func @load_transposed(%a: !tile.view<f16, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  // expected-error @+1 {{expected #tilegpu.shared<transposed = false> for a tile loaded into shared memory (tile.trans transposes it), got '!tile.view<f16, 2>', 'i32', 'i32' -> 'tensor<32x16xf16, #tilegpu.shared<transposed = true>>'}}
  %x = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<32x16xf16, #tilegpu.shared<transposed = true>>
  return
}

// -----

// tile.trans of a register tile would be forwarded untransposed.
func.func @trans_registers(%a: tensor<16x16xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  // expected-error @+1 {{expected a tile in #tilegpu.shared, transposed by flipping 'transposed', got 'tensor<16x16xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>' -> 'tensor<16x16xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>'}}
  %t = tile.trans %a : tensor<16x16xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>> -> tensor<16x16xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>
  return
}

// -----

func.func @trans_unflipped(%a: !tile.view<f16, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<16x16xf16, #tilegpu.shared<transposed = false>>
  // expected-error @+1 {{expected a tile in #tilegpu.shared, transposed by flipping 'transposed'}}
  %t = tile.trans %x : tensor<16x16xf16, #tilegpu.shared<transposed = false>> -> tensor<16x16xf16, #tilegpu.shared<transposed = false>>
  return
}

// -----

func.func @expand_changes_layout(%r: tensor<64xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 4, warpsN = 1>>>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  // expected-error @+1 {{expected the same layout for the operand and the result}}
  %e = tile.expand_dims %r axis 1 : tensor<64xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 4, warpsN = 1>>> -> tensor<64x1xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 2, warpsN = 1>>>
  return
}

// -----

func.func @broadcast_other_parent(%r: tensor<64x1xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 2, warpsN = 1>>>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  // expected-error @+1 {{expected the same layout, or a #tilegpu.slice broadcast to its parent}}
  %b = tile.broadcast %r : tensor<64x1xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 2, warpsN = 1>>> -> tensor<64x16xf32, #tilegpu.mma<warpsM = 4, warpsN = 1>>
  return
}

// -----

func.func @reduce_other_parent(%t: tensor<64x16xf32, #tilegpu.mma<warpsM = 4, warpsN = 1>>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  // expected-error @+1 {{expected the result of a reduction along axis 1 in the #tilegpu.slice of that dimension of the operand's layout}}
  %r = tile.reduce max %t axis 1 : tensor<64x16xf32, #tilegpu.mma<warpsM = 4, warpsN = 1>> -> tensor<64xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 2, warpsN = 1>>>
  return
}

// -----

// A register A operand (P of P·V) is repacked from its slots: it must be in
// the accumulator's layout.
func.func @dot_register_a(%p: tensor<64x16xf16, #tilegpu.mma<warpsM = 2, warpsN = 1>>, %a: !tile.view<f16, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %y = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<16x16xf16, #tilegpu.shared<transposed = false>>
  %z = arith.constant dense<0.0> : tensor<64x16xf32, #tilegpu.mma<warpsM = 4, warpsN = 1>>
  // expected-error @+1 {{expected the accumulator's layout for the result and for a register A operand}}
  %d = tile.dot %p, %y, %z : tensor<64x16xf16, #tilegpu.mma<warpsM = 2, warpsN = 1>>, tensor<16x16xf16, #tilegpu.shared<transposed = false>> -> tensor<64x16xf32, #tilegpu.mma<warpsM = 4, warpsN = 1>>
  return
}

// -----

// The ops of one pipelined buffer must describe the same ring.
func.func @buffer_offsets(%k: !tile.view<f16, 2>, %i: i32, %p: i1) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  // expected-note @+1 {{the first op of buffer 0}}
  tilegpu.async_load %k[%i, %i] stage %i if %p {buffer = 0 : i64, tilegpu.shared_offset = 0 : i64, tilegpu.stages = 2 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #tilegpu.shared<transposed = false>>
  // expected-error @+1 {{expected the ops of buffer 0 to agree on its tile, 'tilegpu.stages' and 'tilegpu.shared_offset', got tensor<64x64xf16, #tilegpu.shared<transposed = false>> (stages 2 : i64, offset 16384 : i64) and tensor<64x64xf16, #tilegpu.shared<transposed = false>> (stages 2 : i64, offset 0 : i64)}}
  %v = tilegpu.stage_view stage %i {buffer = 0 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #tilegpu.shared<transposed = false>>
  return
}
