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
  // expected-error @+1 {{expected an untransposed #tilegpu.shared for a tile loaded into shared memory (tile.trans transposes it), got '!tile.view<f16, 2>', 'i32', 'i32' -> 'tensor<32x16xf16, #tilegpu.shared<transposed = true, swizzle = 64>>'}}
  %x = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<32x16xf16, #tilegpu.shared<transposed = true, swizzle = 64>>
  return
}

// -----

// tile.trans of a register tile goes through a scratch buffer into a
// register layout, not into shared memory (a dot stages its operand with
// tilegpu.convert_layout).
func.func @trans_registers_to_shared(%a: tensor<16x16xf16, #tilegpu.mma<warpsM = 1, warpsN = 1>>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  // expected-error @+1 {{expected a register layout for the transpose of a register tile, got 'tensor<16x16xf16, #tilegpu.mma<warpsM = 1, warpsN = 1>>' -> 'tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>>'}}
  %t = tile.trans %a : tensor<16x16xf16, #tilegpu.mma<warpsM = 1, warpsN = 1>> -> tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>>
  return
}

// -----

// ... and needs its scratch's offset.
#b = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>
func.func @trans_registers_without_offset(%a: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] : !tile.view<f32, 2> -> tensor<16x16xf32, #b>
  // expected-error @+2 {{'tile.trans' op expected a shared-memory offset; run tilegpu-allocate-shared first}}
  // expected-error @+1 {{failed to legalize operation 'tile.trans'}}
  %t = tile.trans %x : tensor<16x16xf32, #b> -> tensor<16x16xf32, #b>
  tile.store %t, %a[%c0, %c0] : tensor<16x16xf32, #b> -> !tile.view<f32, 2>
  return
}

// -----

func.func @trans_unflipped(%a: !tile.view<f16, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>>
  // expected-error @+1 {{expected a tile in #tilegpu.shared, transposed by flipping only 'transposed'}}
  %t = tile.trans %x : tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>> -> tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>>
  return
}

// -----

// The transpose keeps the stored tile, and so its swizzle.
func.func @trans_reswizzled(%a: !tile.view<f16, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<16x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  // expected-error @+1 {{expected a tile in #tilegpu.shared, transposed by flipping only 'transposed', got 'tensor<16x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>' -> 'tensor<64x16xf16, #tilegpu.shared<transposed = true, swizzle = 64>>'}}
  %t = tile.trans %x : tensor<16x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>> -> tensor<64x16xf16, #tilegpu.shared<transposed = true, swizzle = 64>>
  return
}

// -----

func.func @expand_changes_layout(%r: tensor<64xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 4, warpsN = 1>>>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  // expected-error @+1 {{expected the same layout for the operand and the result}}
  %e = tile.expand_dims %r axis 1 : tensor<64xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 4, warpsN = 1>>> -> tensor<64x1xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 2, warpsN = 1>>>
  return
}

// -----

// A 1-D blocked tile expands into its own layout with a unit dimension
// inserted; another split of its threads is a conversion, not an expand.
func.func @expand_vector_other_split(%r: tensor<256xf32, #tilegpu.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>>) attributes {tile.kernel, tile.num_warps = 2 : i32} {
  // expected-error @+1 {{a 1-D #tilegpu.blocked expanded into its 2-D form}}
  %e = tile.expand_dims %r axis 1 : tensor<256xf32, #tilegpu.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>> -> tensor<256x1xf32, #tilegpu.blocked<sizePerThread = [2, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 1], order = [1, 0]>>
  return
}

// -----

func.func @broadcast_other_parent(%r: tensor<64x1xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 2, warpsN = 1>>>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  // expected-error @+1 {{expected the same layout, a #tilegpu.slice broadcast to its parent, or a 1-D one-element blocked tile}}
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
  %y = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>>
  %z = arith.constant dense<0.0> : tensor<64x16xf32, #tilegpu.mma<warpsM = 4, warpsN = 1>>
  // expected-error @+1 {{expected the accumulator's layout for the result and for a register A operand}}
  %d = tile.dot %p, %y, %z : tensor<64x16xf16, #tilegpu.mma<warpsM = 2, warpsN = 1>>, tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>> -> tensor<64x16xf32, #tilegpu.mma<warpsM = 4, warpsN = 1>>
  return
}

// -----

// The ops of one pipelined buffer must describe the same ring.
func.func @buffer_offsets(%k: !tile.view<f16, 2>, %i: i32, %p: i1) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  // expected-note @+1 {{the first op of buffer 0}}
  tilegpu.async_load %k[%i, %i] stage %i if %p {buffer = 0 : i64, tilegpu.shared_offset = 0 : i64, tilegpu.stages = 2 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  // expected-error @+1 {{expected the ops of buffer 0 to agree on its tile, 'tilegpu.stages' and 'tilegpu.shared_offset', got tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>> (stages 2 : i64, offset 16384 : i64) and tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>> (stages 2 : i64, offset 0 : i64)}}
  %v = tilegpu.stage_view stage %i {buffer = 0 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  return
}

// -----

// The errors of the patterns themselves: IR every verifier accepts that the
// GPU lowering does not support. A failed pattern leaves its op illegal, so
// each error comes with the conversion's "failed to legalize". (The other
// checks of the patterns are invariants of verified IR, asserted there: a
// register source and destination of tilegpu.convert_layout, shared tiles
// of 2-D 16-bit elements with rows of a multiple of 8.)

// max-registers out of range is the REGS check at the top.

// A kernel takes views and scalars.
// expected-error @+1 {{expected kernel parameters to be views or scalars, got 'tensor<16x16xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>'}}
func.func @tile_parameter(%t: tensor<16x16xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  return
}

// -----

// A scalar the runtime cannot pass (one .param of f32, i32 or i64: the
// frontend never makes another, hand-written IR can): its #tilegpu.param
// does not verify.
// expected-error @+1 {{'func.func' op parameter 'h': expected a scalar of f32, i32 or i64, got 'f16'}}
func.func @f16_scalar(%h: f16 {tile.name = "h"}) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  return
}

// -----

// expected-error @+1 {{expected a kernel without results}}
func.func @kernel_result() -> i32 attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  return %c0 : i32
}

// -----

// The narrowing of an innermost dimension that an access cannot take is
// tested in narrow-alignment.mlir.

func.func @non_splat_constant(%o: !tile.view<f32, 1>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  // expected-error @+2 {{'arith.constant' op expected a splat constant tile with a layout}}
  // expected-error @+1 {{failed to legalize operation 'arith.constant'}}
  %z = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0]> : tensor<16xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 1, warpsN = 1>>>
  tile.store %z, %o[%c0] : tensor<16xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 1, warpsN = 1>>> -> !tile.view<f32, 1>
  return
}

// -----

// Tiles that tilegpu-assign-layouts has not laid out.
func.func @splat_without_layout(%x: f32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  // expected-error @+2 {{'tile.splat' op expected a tile with a register layout, got 'tensor<16x16xf32>'}}
  // expected-error @+1 {{failed to legalize operation 'tile.splat'}}
  %t = tile.splat %x : f32 -> tensor<16x16xf32>
  return
}

// -----

func.func @iota_without_layout() attributes {tile.kernel, tile.num_warps = 1 : i32} {
  // expected-error @+2 {{'tile.iota' op expected a row or column slice layout}}
  // expected-error @+1 {{failed to legalize operation 'tile.iota'}}
  %r = tile.iota : tensor<16xi32>
  return
}

// -----

func.func @math_unsupported(%x: f32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  // expected-error @+2 {{'math.atan' op is not supported on the GPU}}
  // expected-error @+1 {{failed to legalize operation 'math.atan'}}
  %y = math.atan %x : f32
  return
}

// -----

func.func @math_f64(%i: i32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %x = arith.sitofp %i : i32 to f64
  // expected-error @+2 {{'math.exp2' op expected f32, f16 or bf16 operands, got 'f64'}}
  // expected-error @+1 {{failed to legalize operation 'math.exp2'}}
  %y = math.exp2 %x : f64
  return
}

// -----

func.func @absi_i64(%x: i64) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  // expected-error @+2 {{'math.absi' op expected i32 operands, got 'i64'}}
  // expected-error @+1 {{failed to legalize operation 'math.absi'}}
  %y = math.absi %x : i64
  return
}

// -----

func.func @reduce_columns(%a: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %a[%c0, %c0] : !tile.view<f32, 2> -> tensor<16x16xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>
  // expected-error @+2 {{'tile.reduce' op only row reductions (axis 1) of mma tiles and reductions of 2-D blocked tiles are supported on the GPU}}
  // expected-error @+1 {{failed to legalize operation 'tile.reduce'}}
  %r = tile.reduce max %t axis 0 : tensor<16x16xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>> -> tensor<16xf32, #tilegpu.slice<dim = 0, parent = #tilegpu.mma<warpsM = 1, warpsN = 1>>>
  return
}

// -----

// A 16-bit sum accumulates in its element type in index order (the
// interpreter's semantics), which a parallel sum does not reproduce; its
// maximum and minimum are exact in f32 and lower (register-layouts.mlir).
func.func @sum_f16(%a: !tile.view<f16, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<16x16xf16, #tilegpu.mma<warpsM = 1, warpsN = 1>>
  // expected-error @+2 {{'tile.reduce' op expected an f32 or i32 sum on the GPU, got 'f16' (sum the tile's .to(f32): a 16-bit sum accumulates in its element type in index order, which a parallel sum does not reproduce)}}
  // expected-error @+1 {{failed to legalize operation 'tile.reduce'}}
  %r = tile.reduce sum %t axis 1 : tensor<16x16xf16, #tilegpu.mma<warpsM = 1, warpsN = 1>> -> tensor<16xf16, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 1, warpsN = 1>>>
  return
}

// -----

func.func @dot_accumulator_without_layout(%a: !tile.view<f16, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>>
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  // expected-error @+2 {{'tile.dot' op expected an mma accumulator}}
  // expected-error @+1 {{failed to legalize operation 'tile.dot'}}
  %d = tile.dot %x, %x, %z : tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>>, tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>> -> tensor<16x16xf32>
  return
}

// -----

func.func @dot_k8(%a: !tile.view<f16, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<16x8xf16, #tilegpu.shared<transposed = false, swizzle = 16>>
  %y = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 512 : i64} : !tile.view<f16, 2> -> tensor<8x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>>
  %z = arith.constant dense<0.0> : tensor<16x16xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>
  // expected-error @+2 {{'tile.dot' op expected K and N to be multiples of 16 for mma.sync.m16n8k16, got K = 8, N = 16}}
  // expected-error @+1 {{failed to legalize operation 'tile.dot'}}
  %d = tile.dot %x, %y, %z : tensor<16x8xf16, #tilegpu.shared<transposed = false, swizzle = 16>>, tensor<8x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>> -> tensor<16x16xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>
  return
}

// -----

func.func @dot_n8(%a: !tile.view<f16, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>>
  %y = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 512 : i64} : !tile.view<f16, 2> -> tensor<16x8xf16, #tilegpu.shared<transposed = false, swizzle = 16>>
  %z = arith.constant dense<0.0> : tensor<16x8xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>
  // expected-error @+2 {{'tile.dot' op expected K and N to be multiples of 16 for mma.sync.m16n8k16, got K = 16, N = 8}}
  // expected-error @+1 {{failed to legalize operation 'tile.dot'}}
  %d = tile.dot %x, %y, %z : tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>>, tensor<16x8xf16, #tilegpu.shared<transposed = false, swizzle = 16>> -> tensor<16x8xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>
  return
}

// -----

func.func @dot_b_in_registers(%a: !tile.view<f16, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>>
  %y = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<16x16xf16, #tilegpu.mma<warpsM = 1, warpsN = 1>>
  %z = arith.constant dense<0.0> : tensor<16x16xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>
  // expected-error @+2 {{'tile.dot' op expected operand b in shared memory}}
  // expected-error @+1 {{failed to legalize operation 'tile.dot'}}
  %d = tile.dot %x, %y, %z : tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>>, tensor<16x16xf16, #tilegpu.mma<warpsM = 1, warpsN = 1>> -> tensor<16x16xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>
  return
}

// -----

func.func @dot_a_transposed(%a: !tile.view<f16, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>>
  %xt = tile.trans %x : tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>> -> tensor<16x16xf16, #tilegpu.shared<transposed = true, swizzle = 32>>
  %z = arith.constant dense<0.0> : tensor<16x16xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>
  // expected-error @+2 {{'tile.dot' op a transposed A operand is not supported yet}}
  // expected-error @+1 {{failed to legalize operation 'tile.dot'}}
  %d = tile.dot %xt, %x, %z : tensor<16x16xf16, #tilegpu.shared<transposed = true, swizzle = 32>>, tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>> -> tensor<16x16xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>
  return
}

// -----

func.func @shared_load_padding(%a: !tile.view<f16, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  // expected-error @+2 {{'tile.load' op expected zero padding for a shared-memory load}}
  // expected-error @+1 {{failed to legalize operation 'tile.load'}}
  %x = tile.load %a[%c0, %c0] {padding = 1.0 : f64, tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>>
  return
}

// -----

// Shared buffers need the offsets of tilegpu-allocate-shared.
func.func @shared_load_without_offset(%a: !tile.view<f16, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  // expected-error @+2 {{'tile.load' op expected a shared-memory offset; run tilegpu-allocate-shared first}}
  // expected-error @+1 {{failed to legalize operation 'tile.load'}}
  %x = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>>
  return
}

// -----

func.func @async_load_without_offset(%k: !tile.view<f16, 2>, %i: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %p = arith.constant true
  // expected-error @+2 {{'tilegpu.async_load' op expected a shared-memory offset; run tilegpu-allocate-shared first}}
  // expected-error @+1 {{failed to legalize operation 'tilegpu.async_load'}}
  tilegpu.async_load %k[%i, %i] stage %i if %p {buffer = 0 : i64, tilegpu.stages = 2 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  return
}

// -----

func.func @stage_view_without_offset(%i: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  // expected-error @+2 {{'tilegpu.stage_view' op expected a shared-memory offset; run tilegpu-allocate-shared first}}
  // expected-error @+1 {{failed to legalize operation 'tilegpu.stage_view'}}
  %v = tilegpu.stage_view stage %i {buffer = 0 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  return
}

// -----

func.func @convert_layout_without_offset(%a: !tile.view<f16, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<16x16xf16, #tilegpu.mma<warpsM = 1, warpsN = 1>>
  // expected-error @+2 {{'tilegpu.convert_layout' op expected a shared-memory offset; run tilegpu-allocate-shared first}}
  // expected-error @+1 {{failed to legalize operation 'tilegpu.convert_layout'}}
  %y = tilegpu.convert_layout %t : tensor<16x16xf16, #tilegpu.mma<warpsM = 1, warpsN = 1>> -> tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>>
  return
}

// -----

func.func @store_shared_tile(%a: !tile.view<f16, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>>
  // expected-error @+2 {{'tile.store' op expected a tile in registers (mma, blocked or slice layout), got 'tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>>'}}
  // expected-error @+1 {{failed to legalize operation 'tile.store'}}
  tile.store %x, %a[%c0, %c0] : tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>> -> !tile.view<f16, 2>
  return
}

// -----

// An asynchronous dot (tilegpu-schedule-dots) needs wgmma: without it
// (-convert-tile-to-nvvm without wgmma, or a chip without it) it is an
// error, never a silent synchronous dot.
func.func @async_without_wgmma(%a: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  %z = arith.constant dense<0.0> : tensor<64x64xf32, #tilegpu.mma<warpsM = 4, warpsN = 1>>
  // expected-error @+2 {{'tile.dot' op is asynchronous (tilegpu.async) but cannot be wgmma: the target has no wgmma (--mma), or a shared operand does not start on a 1024-byte boundary}}
  // expected-error @+1 {{failed to legalize operation 'tile.dot'}}
  %d = tile.dot %x, %x, %z {tilegpu.async} : tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>, tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>> -> tensor<64x64xf32, #tilegpu.mma<warpsM = 4, warpsN = 1>>
  %w = tilegpu.dot_wait %d {pendings = 0 : i32} : tensor<64x64xf32, #tilegpu.mma<warpsM = 4, warpsN = 1>>
  tile.store %w, %o[%c0, %c0] : tensor<64x64xf32, #tilegpu.mma<warpsM = 4, warpsN = 1>> -> !tile.view<f32, 2>
  return
}

// -----

// A TMA copy reads its tensor map from the kernel's parameters: a narrowed
// view has none (tilegpu-select-copies never makes such a copy).
func.func @tma_of_narrowed_view(%k: !tile.view<f16, 2>, %i: i32, %p: i1) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %n = tile.narrow %k, 0, %i, %i : !tile.view<f16, 2>
  // expected-error @+1 {{'tilegpu.async_load' op expected the view of a TMA copy to be a kernel parameter (its tensor map is encoded at launch)}}
  tilegpu.async_load %n[%i, %i] stage %i if %p {buffer = 0 : i64, tilegpu.shared_offset = 0 : i64, tilegpu.barrier_offset = 16384 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  return
}

// -----

// The 128-byte swizzle TMA writes repeats every 1024 bytes: the buffer must
// start on such a boundary (tilegpu-allocate-shared gives it on sm_90a).
func.func @tma_misaligned(%k: !tile.view<f16, 2>, %i: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %p = arith.constant true
  // expected-error @+2 {{'tilegpu.async_load' op expected a TMA copy's buffer to start on a 1024-byte boundary (the 128-byte swizzle's period), got offset 128}}
  // expected-error @+1 {{failed to legalize operation 'tilegpu.async_load'}}
  tilegpu.async_load %k[%i, %i] stage %i if %p {buffer = 0 : i64, tilegpu.shared_offset = 128 : i64, tilegpu.barrier_offset = 16512 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  return
}

// -----

func.func @stage_wait_without_barriers(%i: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  // expected-error @+2 {{'tilegpu.stage_wait' op expected 'tilegpu.barrier_offset' (run tilegpu-allocate-shared first)}}
  // expected-error @+1 {{failed to legalize operation 'tilegpu.stage_wait'}}
  tilegpu.stage_wait stage %i phase %i {buffer = 0 : i64}
  return
}

// -----

// Hopper's path on a chip without it (tessera-pipeline-fuzzer: a module whose
// target became sm_80a kept its wgmma dot, and the pass left NVVM's wgmma ops
// in a gpu.module for sm_80a, which does not verify).
#mma_h = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared_h = #tilegpu.shared<transposed = false, swizzle = 128>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_80a", features = "+ptx80">} {
  func.func @wgmma_on_sm80(%a: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 8192 : i64} {
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma_h>
    %c0 = arith.constant 0 : i32
    %x = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared_h>
    // expected-error @+1 {{a wgmma tile.dot ('tilegpu.wgmma') needs Hopper's path (sm_90a), but the module's target is sm_80a}}
    %d = tile.dot %x, %x, %zero {tilegpu.wgmma} : tensor<64x64xf16, #shared_h>, tensor<64x64xf16, #shared_h> -> tensor<64x64xf32, #mma_h>
    tile.store %d, %o[%c0, %c0] : tensor<64x64xf32, #mma_h> -> !tile.view<f32, 2>
    return
  }
}

// -----

// A math op that calls libdevice cannot when a kernel has the function's
// name (the declaration would redefine the kernel).
#b = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>
func.func @__nv_sinf(%a: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] : !tile.view<f32, 2> -> tensor<8x16xf32, #b>
  // expected-error @+2 {{'math.sin' op calls libdevice's __nv_sinf, the name of another symbol of the module (rename the kernel)}}
  // expected-error @+1 {{failed to legalize operation 'math.sin'}}
  %s = math.sin %x : tensor<8x16xf32, #b>
  tile.store %s, %a[%c0, %c0] : tensor<8x16xf32, #b> -> !tile.view<f32, 2>
  return
}

// -----

// A 16-bit cumsum accumulates in its element type in index order in the
// interpreter, which a parallel scan does not reproduce.
func.func @scan_f16(%a: !tile.view<f16, 1>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %a[%c0] : !tile.view<f16, 1> -> tensor<64xf16, #tilegpu.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>>
  // expected-error @+2 {{'tile.scan' op expected an f32 or i32 cumsum on the GPU, got 'f16' (scan the tile's .to(f32): a 16-bit cumsum accumulates in its element type in index order, which a parallel scan does not reproduce)}}
  // expected-error @+1 {{failed to legalize operation 'tile.scan'}}
  %s = tile.scan %t axis 0 : tensor<64xf16, #tilegpu.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>>
  return
}
