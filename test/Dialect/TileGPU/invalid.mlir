// RUN: tessera-opt %s -split-input-file -verify-diagnostics

func.func @async_not_shared(%k: !tile.view<f16, 2>, %i: i32, %p: i1) {
  // expected-error @+1 {{expected a tile in #tilegpu.shared, got 'tensor<64x64xf16>'}}
  tilegpu.async_load %k[%i, %i] stage %i if %p {buffer = 0 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16>
  return
}

// -----

func.func @async_indices(%k: !tile.view<f16, 2>, %i: i32, %p: i1) {
  // expected-error @+1 {{expected 2 indices (one per view dimension), got 1}}
  tilegpu.async_load %k[%i] stage %i if %p {buffer = 0 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  return
}

// -----

func.func @async_element(%k: !tile.view<f16, 2>, %i: i32, %p: i1) {
  // expected-error @+1 {{expected tile element type 'f16' (of the view), got 'bf16'}}
  tilegpu.async_load %k[%i, %i] stage %i if %p {buffer = 0 : i64} : !tile.view<f16, 2> -> tensor<64x64xbf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  return
}

// -----

func.func @stage_view_not_shared(%s: i32) {
  // expected-error @+1 {{expected a tile in #tilegpu.shared, got 'tensor<64x64xf16>'}}
  %t = tilegpu.stage_view stage %s {buffer = 0 : i64} : tensor<64x64xf16>
  return
}

// -----

func.func @convert_shape(%r: tensor<64xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 4, warpsN = 1>>>) {
  // expected-error @+1 {{expected the same shape and element type, got}}
  %c = tilegpu.convert_layout %r : tensor<64xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 4, warpsN = 1>>> -> tensor<32xf32, #tilegpu.slice<dim = 0, parent = #tilegpu.mma<warpsM = 4, warpsN = 1>>>
  return
}

// -----

func.func @convert_no_layout(%r: tensor<64xf32>) {
  // expected-error @+1 {{expected both tiles to have a layout}}
  %c = tilegpu.convert_layout %r : tensor<64xf32> -> tensor<64xf32, #tilegpu.slice<dim = 0, parent = #tilegpu.mma<warpsM = 4, warpsN = 1>>>
  return
}

// -----

// Out of shared memory, a tile goes into a register layout (a shared
// layout would be a copy the lowering does not make).
func.func @convert_from_shared(%t: tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>) {
  // expected-error @+1 {{expected a register layout for a shared source, got 'tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>' -> 'tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 64>>'}}
  %c = tilegpu.convert_layout %t : tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>> -> tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 64>>
  return
}

// -----

func.func @wait_negative() {
  // expected-error @+1 {{'tilegpu.async_wait' op attribute 'pending' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0}}
  tilegpu.async_wait -1
  return
}

// -----

// Layout parameters (issue 16.2: warpsM = 0 divided by zero in the lowering).

// expected-error @+1 {{expected warpsM in [1, 32] (a CTA has at most 32 warps), got 0}}
func.func @mma_zero_warps(%t: tensor<128x16xf32, #tilegpu.mma<warpsM = 0, warpsN = 1>>)

// -----

// expected-error @+1 {{expected warpsM in [1, 32] (a CTA has at most 32 warps), got 64}}
func.func @mma_too_many_warps(%t: tensor<1024x16xf32, #tilegpu.mma<warpsM = 64, warpsN = 1>>)

// -----

// expected-error @+1 {{expected warpsN = 1 (only layouts that split the rows are lowered), got 2}}
func.func @mma_warps_n(%t: tensor<64x16xf32, #tilegpu.mma<warpsM = 4, warpsN = 2>>)

// -----

// expected-error @+1 {{expected dim 0 (a column vector) or 1 (a row vector), got 2}}
func.func @slice_dim(%t: tensor<64xf32, #tilegpu.slice<dim = 2, parent = #tilegpu.mma<warpsM = 4, warpsN = 1>>>)

// -----

// Shapes a layout distributes (VerifiableTensorEncoding). warpsM = 3 on 128
// rows stored nothing (issue 16.2).

// expected-error @+1 {{expected the rows to be a multiple of 48 (16 per warp of #tilegpu.mma<warpsM = 3, warpsN = 1>), got 128}}
func.func @mma_rows(%t: tensor<128x16xf32, #tilegpu.mma<warpsM = 3, warpsN = 1>>)

// -----

// expected-error @+1 {{expected the columns to be a multiple of 8 (8 per warp of #tilegpu.mma<warpsM = 1, warpsN = 1>), got 12}}
func.func @mma_cols(%t: tensor<16x12xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>)

// -----

// expected-error @+1 {{expected a 2-D tile for #tilegpu.mma<warpsM = 1, warpsN = 1>, got rank 1}}
func.func @mma_rank(%t: tensor<16xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>)

// -----

// expected-error @+1 {{expected a static shape of positive sizes for #tilegpu.mma<warpsM = 1, warpsN = 1>, got ?x16}}
func.func @mma_dynamic(%t: tensor<?x16xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>)

// -----

// expected-error @+1 {{expected a static shape of positive sizes for #tilegpu.mma<warpsM = 1, warpsN = 1>, got 0x16}}
func.func @mma_empty(%t: tensor<0x16xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>)

// -----

// expected-error @+1 {{expected the rows to be a multiple of 64 (16 per warp of #tilegpu.mma<warpsM = 4, warpsN = 1>), got 32}}
func.func @slice_rows(%t: tensor<32xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 4, warpsN = 1>>>)

// -----

// expected-error @+1 {{expected the columns to be a multiple of 8 (8 per warp of #tilegpu.mma<warpsM = 4, warpsN = 1>), got 4}}
func.func @slice_cols(%t: tensor<1x4xf32, #tilegpu.slice<dim = 0, parent = #tilegpu.mma<warpsM = 4, warpsN = 1>>>)

// -----

// expected-error @+1 {{expected size 1 in dimension 1 of a 2-D tile in #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 1, warpsN = 1>>, got 16x16}}
func.func @slice_2d(%t: tensor<16x16xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 1, warpsN = 1>>>)

// -----

// expected-error @+1 {{expected a 1-D or 2-D tile for #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 1, warpsN = 1>>, got rank 3}}
func.func @slice_rank(%t: tensor<16x1x1xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 1, warpsN = 1>>>)

// -----

// expected-error @+1 {{expected a 2-D tile for #tilegpu.shared<transposed = false, swizzle = 16>, got rank 1}}
func.func @shared_rank(%t: tensor<64xf16, #tilegpu.shared<transposed = false, swizzle = 16>>)

// -----

// expected-error @+1 {{expected f16 or bf16 elements for #tilegpu.shared<transposed = false, swizzle = 32> (ldmatrix reads 16-bit elements), got 'f32'}}
func.func @shared_element(%t: tensor<16x16xf32, #tilegpu.shared<transposed = false, swizzle = 32>>)

// -----

// expected-error @+1 {{expected stored rows of a multiple of 8 elements (16-byte chunks) for #tilegpu.shared<transposed = true, swizzle = 16>, got 12}}
func.func @shared_chunks(%t: tensor<12x16xf16, #tilegpu.shared<transposed = true, swizzle = 16>>)

// -----

// expected-error @+1 {{expected a tile of at most 232448 bytes (the most shared memory of any chip) for #tilegpu.shared<transposed = false, swizzle = 128>, got 512x256xf16}}
func.func @shared_too_big(%t: tensor<512x256xf16, #tilegpu.shared<transposed = false, swizzle = 128>>)

// -----

// expected-error @+1 {{expected a tile of at most 232448 bytes (the most shared memory of any chip) for #tilegpu.shared<transposed = false, swizzle = 128>, got 4294967296x4294967296xf16}}
func.func @shared_overflow(%t: tensor<4294967296x4294967296xf16, #tilegpu.shared<transposed = false, swizzle = 128>>)

// -----

// #tilegpu.shared's swizzle: a power of two in [16, 128] bytes whose period
// (swizzle / 16 chunks) divides the stored row's chunks, 128 (64-column
// panels) only for stored rows of a multiple of 64 columns.

// expected-error @+1 {{expected a swizzle of 16, 32, 64 or 128 bytes, got 48}}
func.func @shared_swizzle_not_pow2(%t: tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 48>>)

// -----

// expected-error @+1 {{expected a swizzle of 16, 32, 64 or 128 bytes, got 256}}
func.func @shared_swizzle_too_big(%t: tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 256>>)

// -----

// expected-error @+1 {{expected a swizzle of 16, 32, 64 or 128 bytes, got 8}}
func.func @shared_swizzle_too_small(%t: tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 8>>)

// -----

// expected-error @+1 {{expected stored rows of a multiple of 64 columns (64-column panels) for #tilegpu.shared<transposed = false, swizzle = 128>, got 32}}
func.func @shared_swizzle_no_panels(%t: tensor<64x32xf16, #tilegpu.shared<transposed = false, swizzle = 128>>)

// -----

// A transposed tile's stored rows are its columns.
// expected-error @+1 {{expected stored rows of a multiple of 64 columns (64-column panels) for #tilegpu.shared<transposed = true, swizzle = 128>, got 96}}
func.func @shared_swizzle_no_panels_transposed(%t: tensor<96x64xf16, #tilegpu.shared<transposed = true, swizzle = 128>>)

// -----

// expected-error @+1 {{expected a swizzle whose period (4 chunks) divides the stored row's 6 chunks (at most 32 bytes) for #tilegpu.shared<transposed = false, swizzle = 64>, got 64}}
func.func @shared_swizzle_period(%t: tensor<64x48xf16, #tilegpu.shared<transposed = false, swizzle = 64>>)

// -----

// expected-error @+1 {{expected a swizzle whose period (2 chunks) divides the stored row's 1 chunks (at most 16 bytes) for #tilegpu.shared<transposed = true, swizzle = 32>, got 32}}
func.func @shared_swizzle_period_transposed(%t: tensor<8x64xf16, #tilegpu.shared<transposed = true, swizzle = 32>>)

// -----

// Shared-memory offsets (issue 16.2: 2^28 tripped an assertion in
// LLVM::GEPArg, and release builds truncated it).

func.func @offset_too_big(%a: !tile.view<f16, 2>, %i: i32) {
  // expected-error @+1 {{expected 'tilegpu.shared_offset' in [0, 232448) (the most shared memory of any chip), got 268435456 : i64}}
  %x = tile.load %a[%i, %i] {tilegpu.shared_offset = 268435456 : i64} : !tile.view<f16, 2> -> tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>>
  return
}

// -----

func.func @offset_negative(%a: !tile.view<f16, 2>, %i: i32) {
  // expected-error @+1 {{expected 'tilegpu.shared_offset' in [0, 232448) (the most shared memory of any chip), got -16 : i64}}
  %x = tile.load %a[%i, %i] {tilegpu.shared_offset = -16 : i64} : !tile.view<f16, 2> -> tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>>
  return
}

// -----

func.func @offset_unsigned(%a: !tile.view<f16, 2>, %i: i32) {
  // expected-error @+1 {{expected 'tilegpu.shared_offset' in [0, 232448) (the most shared memory of any chip), got 0 : ui64}}
  %x = tile.load %a[%i, %i] {tilegpu.shared_offset = 0 : ui64} : !tile.view<f16, 2> -> tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>>
  return
}

// -----

func.func @offset_misaligned(%a: !tile.view<f16, 2>, %i: i32) {
  // expected-error @+1 {{expected 'tilegpu.shared_offset' to be a multiple of 16 (cp.async and ldmatrix move 16-byte chunks), got 8}}
  %x = tile.load %a[%i, %i] {tilegpu.shared_offset = 8 : i64} : !tile.view<f16, 2> -> tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>>
  return
}

// -----

func.func @offset_past_end(%a: !tile.view<f16, 2>, %i: i32) {
  // expected-error @+1 {{expected the buffer at 'tilegpu.shared_offset' 229376 to end within 232448 bytes (the most shared memory of any chip), got 1 x 'tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>'}}
  %x = tile.load %a[%i, %i] {tilegpu.shared_offset = 229376 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  return
}

// -----

func.func @offset_stages_past_end(%k: !tile.view<f16, 2>, %i: i32, %p: i1) {
  // expected-error @+1 {{expected the buffer at 'tilegpu.shared_offset' 196608 to end within 232448 bytes (the most shared memory of any chip), got 8 x 'tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>'}}
  tilegpu.async_load %k[%i, %i] stage %i if %p {buffer = 0 : i64, tilegpu.shared_offset = 196608 : i64, tilegpu.stages = 8 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  return
}

// -----

func.func @offset_register_load(%a: !tile.view<f32, 2>, %i: i32) {
  // expected-error @+1 {{expected 'tilegpu.shared_offset' on a load into shared memory, tilegpu.async_load, tilegpu.stage_view, tilegpu.convert_layout or a tile.reduce across warps, got it on 'tile.load'}}
  %x = tile.load %a[%i, %i] {tilegpu.shared_offset = 0 : i64} : !tile.view<f32, 2> -> tensor<16x16xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>
  return
}

// -----

func.func @stages_range(%s: i32) {
  // expected-error @+1 {{expected 'tilegpu.stages' in [1, 8], got 2147483647 : i64}}
  %t = tilegpu.stage_view stage %s {buffer = 0 : i64, tilegpu.stages = 2147483647 : i64} : tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  return
}

// -----

func.func @stages_on_load(%a: !tile.view<f16, 2>, %i: i32) {
  // expected-error @+1 {{expected 'tilegpu.stages' on a tilegpu.async_load or tilegpu.stage_view, got it on 'tile.load'}}
  %x = tile.load %a[%i, %i] {tilegpu.stages = 2 : i64} : !tile.view<f16, 2> -> tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>>
  return
}

// -----

// expected-error @+1 {{unknown tilegpu dialect attribute 'tilegpu.offset'}}
func.func @unknown_attr() attributes {tilegpu.offset = 0 : i64} { return }

// -----

// A tile written to shared memory is stored untransposed; only tile.trans
// flips the layout.

func.func @async_transposed(%k: !tile.view<f16, 2>, %i: i32, %p: i1) {
  // expected-error @+1 {{expected an untransposed #tilegpu.shared for a tile written to shared memory (tile.trans transposes it), got 'tensor<64x64xf16, #tilegpu.shared<transposed = true, swizzle = 128>>'}}
  tilegpu.async_load %k[%i, %i] stage %i if %p {buffer = 0 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #tilegpu.shared<transposed = true, swizzle = 128>>
  return
}

// -----

func.func @async_rank(%k: !tile.view<f16, 1>, %i: i32, %p: i1) {
  // expected-error @+1 {{expected a tile of rank at most 1, got rank 2}}
  tilegpu.async_load %k[%i] stage %i if %p {buffer = 0 : i64} : !tile.view<f16, 1> -> tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  return
}

// -----

func.func @convert_to_transposed(%t: tensor<64x64xf16, #tilegpu.mma<warpsM = 4, warpsN = 1>>) {
  // expected-error @+1 {{expected an untransposed #tilegpu.shared for a tile written to shared memory (tile.trans transposes it), got 'tensor<64x64xf16, #tilegpu.shared<transposed = true, swizzle = 128>>'}}
  %c = tilegpu.convert_layout %t : tensor<64x64xf16, #tilegpu.mma<warpsM = 4, warpsN = 1>> -> tensor<64x64xf16, #tilegpu.shared<transposed = true, swizzle = 128>>
  return
}

// -----

// Register tiles are unrolled per element: a 512x256 tile on one warp (4096
// elements a thread) took 13 s and 1.9 GB to lower.

// expected-error @+1 {{expected at most 1024 elements per thread in #tilegpu.mma<warpsM = 1, warpsN = 1> (4 times a thread's 255 registers), got 4096}}
func.func @mma_too_many_elements(%t: tensor<512x256xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>)

// -----

// expected-error @+1 {{expected at most 1024 elements per thread in #tilegpu.mma<warpsM = 1, warpsN = 1> (4 times a thread's 255 registers), got more than 9223372036854775807}}
func.func @mma_elements_overflow(%t: tensor<4611686018427387904x4611686018427387904xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>)

// -----

// expected-error @+1 {{expected at most 1024 elements per thread in #tilegpu.slice<dim = 0, parent = #tilegpu.mma<warpsM = 1, warpsN = 1>> (4 times a thread's 255 registers), got 2048}}
func.func @slice_too_many_elements(%t: tensor<8192xf32, #tilegpu.slice<dim = 0, parent = #tilegpu.mma<warpsM = 1, warpsN = 1>>>)

// -----

// The parser verifies an encoding before it rejects an element type that did
// not parse: the shared layout's verifier read the null type and crashed
// (found by tessera-pipeline-fuzzer).

// expected-error @+1 {{undefined symbol alias id 'f16'}}
func.func @shared_null_element(%t: tensor<64x64x!f16, #tilegpu.shared<transposed = false, swizzle = 128>>)

// -----

// #tilegpu.blocked: one entry per dimension in every parameter, powers of
// two, 32 lanes, a permutation, and shapes it distributes.

// expected-error @+1 {{expected 2 entries in every parameter (one per dimension)}}
func.func @blocked_entries(%t: tensor<4x64xf32, #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [32], warpsPerCTA = [1, 1], order = [1, 0]>>)

// -----

// expected-error @+1 {{expected threadsPerWarp to multiply to 32 (the lanes of a warp), got 16}}
func.func @blocked_lanes(%t: tensor<4x64xf32, #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 8], warpsPerCTA = [1, 1], order = [1, 0]>>)

// -----

// expected-error @+1 {{expected sizePerThread entries to be powers of two up to 1024, got 3}}
func.func @blocked_pow2(%t: tensor<4x64xf32, #tilegpu.blocked<sizePerThread = [1, 3], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>>)

// -----

// expected-error @+1 {{expected warpsPerCTA entries in [1, 32], got 0}}
func.func @blocked_no_warps(%t: tensor<4x64xf32, #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [0, 1], order = [1, 0]>>)

// -----

// expected-error @+1 {{expected order to be a permutation of the dimensions}}
func.func @blocked_order(%t: tensor<4x64xf32, #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 1]>>)

// -----

// A 5000-wide row is not whole repetitions of a 1024-element coverage.
// expected-error @+1 {{expected the size of dimension 0 in #tilegpu.blocked<sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]> to be a multiple of sizePerThread (8) and a multiple of the coverage (1024) or smaller, got 5000}}
func.func @blocked_extent(%t: tensor<5000xf16, #tilegpu.blocked<sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>)

// -----

// expected-error @+1 {{expected a tile of rank 2 for #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>, got rank 1}}
func.func @blocked_rank(%t: tensor<64xf32, #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>>)

// -----

// expected-error @+1 {{expected a #tilegpu.mma or 2-D #tilegpu.blocked parent, got #tilegpu.shared<transposed = false, swizzle = 128>}}
func.func @slice_parent(%t: tensor<64xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.shared<transposed = false, swizzle = 128>>>)

// -----

func.func @vector_attr(%v: !tile.view<f32, 1>, %i: i32) {
  // expected-error @+1 {{expected 'tilegpu.vector' to be a power of two in [1, 16], got 3 : i64}}
  %t = tile.load %v[%i] {tilegpu.vector = 3 : i64} : !tile.view<f32, 1> -> tensor<64xf32>
  return
}

// -----

#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
func.func @async_read_directly(%a: tensor<64x64xf16, #shared>, %b: tensor<64x64xf16, #shared>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
  // expected-error @+1 {{expected the result of an asynchronous tile.dot to be read only by tilegpu.dot_wait, got a use by 'arith.addf'}}
  %d = tile.dot %a, %b, %c {tilegpu.async} : tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared> -> tensor<64x64xf32, #mma>
  %e = arith.addf %d, %c : tensor<64x64xf32, #mma>
  return %e : tensor<64x64xf32, #mma>
}

// -----

func.func @async_not_a_dot(%v: !tile.view<f32, 1>, %i: i32) {
  // expected-error @+1 {{expected 'tilegpu.async' on a tile.dot, got it on 'tile.load'}}
  %t = tile.load %v[%i] {tilegpu.async} : !tile.view<f32, 1> -> tensor<64xf32>
  return
}

// -----

func.func @read_lag_range(%v: !tile.view<f16, 2>, %i: i32) {
  // expected-error @+1 {{expected 'tilegpu.read_lag' to be 0 or 1 (iterations a tile is read after its own), got 2 : i64}}
  %t = tile.load %v[%i, %i] {tilegpu.read_lag = 2 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  return
}

// -----

func.func @read_lag_registers(%v: !tile.view<f32, 1>, %i: i32) {
  // expected-error @+1 {{expected 'tilegpu.read_lag' on a tile.load into shared memory, got it on 'tile.load'}}
  %t = tile.load %v[%i] {tilegpu.read_lag = 1 : i64} : !tile.view<f32, 1> -> tensor<64xf32>
  return
}

// -----

func.func @late_release_without_lag(%v: !tile.view<f16, 2>, %i: i32) {
  // expected-error @+1 {{expected 'tilegpu.late_release' to be a unit attribute on a tile.load with 'tilegpu.read_lag', got unit on 'tile.load'}}
  %t = tile.load %v[%i, %i] {tilegpu.late_release} : !tile.view<f16, 2> -> tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  return
}

// -----

func.func @late_release_value(%v: !tile.view<f16, 2>, %i: i32) {
  // expected-error @+1 {{expected 'tilegpu.late_release' to be a unit attribute on a tile.load with 'tilegpu.read_lag', got 1 : i64 on 'tile.load'}}
  %t = tile.load %v[%i, %i] {tilegpu.late_release = 1 : i64, tilegpu.read_lag = 1 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  return
}

// -----

func.func @first_iteration_registers(%v: !tile.view<f32, 1>, %i: i32) {
  // expected-error @+1 {{expected 'tilegpu.first_iteration' to be a unit attribute on a tile.load into shared memory, got unit on 'tile.load'}}
  %t = tile.load %v[%i] {tilegpu.first_iteration} : !tile.view<f32, 1> -> tensor<64xf32>
  return
}

// -----

func.func @first_iteration_value(%v: !tile.view<f16, 2>, %i: i32) {
  // expected-error @+1 {{expected 'tilegpu.first_iteration' to be a unit attribute on a tile.load into shared memory, got 1 : i64 on 'tile.load'}}
  %t = tile.load %v[%i, %i] {tilegpu.first_iteration = 1 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  return
}

// -----

func.func @wgmma_attr(%v: !tile.view<f32, 1>, %i: i32) {
  // expected-error @+1 {{expected 'tilegpu.wgmma' to be a unit attribute on a tile.dot, got unit on 'tile.load'}}
  %t = tile.load %v[%i] {tilegpu.wgmma} : !tile.view<f32, 1> -> tensor<64xf32>
  return
}

// -----

func.func @rotated_attr(%v: !tile.view<f32, 1>, %i: i32) {
  // expected-error @+1 {{expected 'tilegpu.rotated' to be a unit attribute on a tile.dot, got unit on 'tile.load'}}
  %t = tile.load %v[%i] {tilegpu.rotated} : !tile.view<f32, 1> -> tensor<64xf32>
  return
}

// -----

#blocked = #tilegpu.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @dot_wait_not_mma(%t: tensor<512xf32, #blocked>) {
  // expected-error @+1 {{expected dot accumulators (#tilegpu.mma), got 'tensor<512xf32, #tilegpu.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>'}}
  %w = tilegpu.dot_wait %t {pendings = 0 : i32} : tensor<512xf32, #blocked>
  return
}

// -----

func.func @tma_on_register_load(%v: !tile.view<f32, 1>, %i: i32) {
  // expected-error @+1 {{expected 'tilegpu.tma' to be a unit attribute on a tile.load into shared memory or a tilegpu.async_load, got unit on 'tile.load'}}
  %t = tile.load %v[%i] {tilegpu.tma} : !tile.view<f32, 1> -> tensor<64xf32, #tilegpu.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>>
  return
}

// -----

func.func @barrier_offset_misaligned(%i: i32) {
  // expected-error @+1 {{expected 'tilegpu.barrier_offset' to be a multiple of 8 (an mbarrier) in [0, 232448), got 12 : i64}}
  tilegpu.stage_wait stage %i phase %i {buffer = 0 : i64, tilegpu.barrier_offset = 12 : i64}
  return
}

// -----

func.func @barrier_offset_on_view(%i: i32) {
  // expected-error @+1 {{expected 'tilegpu.barrier_offset' on a tilegpu.async_load, stage_wait, stage_acquire, stage_release, ring_init or ring_inval, got it on 'tilegpu.stage_view'}}
  %v = tilegpu.stage_view stage %i {buffer = 0 : i64, tilegpu.barrier_offset = 16 : i64} : tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  return
}

// -----

func.func @ring_without_stages() {
  // expected-error @+1 {{'tilegpu.ring_init' op attribute 'stages' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 1}}
  tilegpu.ring_init {buffer = 0 : i64, stages = 0 : i64}
  return
}

// -----

func.func @producer_attr_on_if(%p: i1) {
  // expected-error @+1 {{expected 'tilegpu.producer' to be a unit attribute on an scf.for, got unit on 'scf.if'}}
  scf.if %p {
  } {tilegpu.producer}
  return
}

// -----

func.func @specialize_not_kernel() {
  // expected-error @+1 {{'tilegpu.warp_specialize' op expected to be in the body of a kernel}}
  tilegpu.warp_specialize {consumer_registers = 240 : i64, producer_registers = 24 : i64, producer_warps = 4 : i64} producer {
  } consumer {
  }
  return
}

// -----

func.func @specialize_registers() attributes {tile.kernel, tile.num_warps = 8 : i32} {
  // expected-error @+1 {{'tilegpu.warp_specialize' op expected the warpgroups' registers to fit an SM's 65536, got 73728}}
  tilegpu.warp_specialize {consumer_registers = 256 : i64, producer_registers = 64 : i64, producer_warps = 4 : i64} producer {
  } consumer {
  }
  return
}

// -----

func.func @specialize_odd_registers() attributes {tile.kernel, tile.num_warps = 8 : i32} {
  // expected-error @+1 {{'tilegpu.warp_specialize' op expected register counts that are multiples of 8 (setmaxnreg), got 25 and 240}}
  tilegpu.warp_specialize {consumer_registers = 240 : i64, producer_registers = 25 : i64, producer_warps = 4 : i64} producer {
  } consumer {
  }
  return
}

// -----

func.func @specialize_warps() attributes {tile.kernel, tile.num_warps = 6 : i32} {
  // expected-error @+1 {{'tilegpu.warp_specialize' op expected the kernel's warps to be whole consumer warpgroups (a multiple of 4), got 6}}
  tilegpu.warp_specialize {consumer_registers = 160 : i64, producer_registers = 24 : i64, producer_warps = 4 : i64} producer {
  } consumer {
  }
  return
}

// -----

func.func @producer_computes(%x: f32) attributes {tile.kernel, tile.num_warps = 8 : i32} {
  tilegpu.warp_specialize {consumer_registers = 240 : i64, producer_registers = 24 : i64, producer_warps = 4 : i64} producer {
    // expected-error @+1 {{'tilegpu.async_commit' op is not allowed in a producer region (only TMA copies, stage acquisitions and scalar computation)}}
    tilegpu.async_commit
  } consumer {
  }
  return
}

// -----

// The target is an #nvvm.target, on the module.
// expected-error @+1 {{expected 'tilegpu.target' to be an #nvvm.target on a builtin.module, got "sm_90a" on 'builtin.module'}}
module attributes {tilegpu.target = "sm_90a"} {
}

// -----

// expected-error @+1 {{expected 'tilegpu.target' to be an #nvvm.target on a builtin.module, got #nvvm.target<chip = "sm_80"> on 'func.func'}}
func.func @target_on_func() attributes {tilegpu.target = #nvvm.target<chip = "sm_80">} {
  return
}

// -----

// The target's chip must be one the gpu.module's #nvvm.target accepts (a
// corrupted chip made convert-tile-to-nvvm leave IR that does not verify).
// expected-error @+1 {{expected 'tilegpu.target' to name a chip sm_<version> (at least 20, optionally with an 'a' or 'f' suffix), got 'sm_x90a'}}
module attributes {tilegpu.target = #nvvm.target<chip = "sm_x90a">} {
}

// -----

// expected-error @+1 {{expected 'tilegpu.target' to name a chip sm_<version> (at least 20, optionally with an 'a' or 'f' suffix), got 'sm_10'}}
module attributes {tilegpu.target = #nvvm.target<chip = "sm_10">} {
}

// -----

// expected-error @+1 {{got 'sm_'}}
module attributes {tilegpu.target = #nvvm.target<chip = "sm_">} {
}

// -----

// Valid: a family-specific chip.
module attributes {tilegpu.target = #nvvm.target<chip = "sm_100f">} {
}

// -----

// expected-error @+1 {{expected 'tilegpu.shared_memory' on a builtin.module, bytes in [1, 232448], got 300000 : i64 on 'builtin.module'}}
module attributes {tilegpu.shared_memory = 300000 : i64} {
}
