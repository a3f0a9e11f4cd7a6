// RUN: tessera-opt %s -split-input-file -verify-diagnostics

// Every verifier message of the tile dialect, one case each.

func.func @dim_out_of_range(%q: !tile.view<f16, 3>) {
  // expected-error @+1 {{expected dimension index in [0, 3), got 3}}
  %n = tile.dim %q, 3 : !tile.view<f16, 3>
  return
}

// -----

func.func @load_index_count(%q: !tile.view<f16, 3>, %i: i32) {
  // expected-error @+1 {{expected 3 indices (one per view dimension), got 2}}
  %t = tile.load %q[%i, %i] : !tile.view<f16, 3> -> tensor<16x16xf16>
  return
}

// -----

func.func @in_bounds_count(%q: !tile.view<f16, 3>, %i: i32, %t: tensor<16x16xf16>) {
  // expected-error @+1 {{expected 3 in_bounds flags (one per view dimension), got 2}}
  tile.store %t, %q[%i, %i, %i] {in_bounds = array<i1: true, true>} : tensor<16x16xf16> -> !tile.view<f16, 3>
  return
}

// -----

func.func @narrow_dim(%q: !tile.view<f16, 2>, %i: i32) {
  // expected-error @+1 {{expected a dimension in [0, 2), got 2}}
  %n = tile.narrow %q, 2, %i, %i : !tile.view<f16, 2>
  return
}

// -----

func.func @load_scalar_index_count(%q: !tile.view<i32, 2>, %i: i32) {
  // expected-error @+1 {{expected 2 indices (one per dimension of the view), got 1}}
  %s = tile.load_scalar %q[%i] : !tile.view<i32, 2> -> i32
  return
}

// -----

func.func @load_scalar_type(%q: !tile.view<i32, 1>, %i: i32) {
  // expected-error @+1 {{expected a result of the view's element type 'i32', got 'f32'}}
  %s = tile.load_scalar %q[%i] : !tile.view<i32, 1> -> f32
  return
}

// -----

func.func @store_scalar_index_count(%q: !tile.view<f32, 2>, %i: i32, %v: f32) {
  // expected-error @+1 {{expected 2 indices (one per dimension of the view), got 1}}
  tile.store_scalar %v, %q[%i] : f32 -> !tile.view<f32, 2>
  return
}

// -----

func.func @store_scalar_type(%q: !tile.view<f16, 1>, %i: i32, %v: f32) {
  // expected-error @+1 {{expected a value of the view's element type 'f16', got 'f32'}}
  tile.store_scalar %v, %q[%i] : f32 -> !tile.view<f16, 1>
  return
}

// -----

func.func @atomic_add_f16(%q: !tile.view<f16, 1>, %i: i32, %t: tensor<64xf16>) {
  // expected-error @+1 {{expected a view of f32 or i32 (the atomic additions of the GPU path), got 'f16'}}
  tile.atomic_add %t, %q[%i] : tensor<64xf16> -> !tile.view<f16, 1>
  return
}

// -----

func.func @atomic_add_scalar_index_count(%q: !tile.view<i32, 2>, %i: i32, %v: i32) {
  // expected-error @+1 {{expected 2 indices (one per dimension of the view), got 1}}
  tile.atomic_add %v, %q[%i] : i32 -> !tile.view<i32, 2>
  return
}

// -----

func.func @atomic_add_tile_type(%q: !tile.view<f32, 2>, %i: i32, %t: tensor<64xi32>) {
  // expected-error @+1 {{expected tile element type 'f32' (of the view), got 'i32'}}
  tile.atomic_add %t, %q[%i, %i] : tensor<64xi32> -> !tile.view<f32, 2>
  return
}

// -----

func.func @to_scalar_elements(%t: tensor<2xf32>) {
  // expected-error @+1 {{expected a tile of one element, got 'tensor<2xf32>'}}
  %s = tile.to_scalar %t : tensor<2xf32> -> f32
  return
}

// -----

func.func @to_scalar_type(%t: tensor<1x1xf32>) {
  // expected-error @+1 {{expected a result of the tile's element type 'f32', got 'f16'}}
  %s = tile.to_scalar %t : tensor<1x1xf32> -> f16
  return
}

// -----

func.func @load_rank(%q: !tile.view<f16, 1>, %i: i32) {
  // expected-error @+1 {{expected a tile of rank at most 1, got rank 2}}
  %t = tile.load %q[%i] : !tile.view<f16, 1> -> tensor<16x16xf16>
  return
}

// -----

func.func @load_element_type(%q: !tile.view<f16, 2>, %i: i32) {
  // expected-error @+1 {{expected tile element type 'f16' (of the view), got 'f32'}}
  %t = tile.load %q[%i, %i] : !tile.view<f16, 2> -> tensor<16x16xf32>
  return
}

// -----

func.func @store_index_count(%q: !tile.view<f16, 2>, %i: i32, %t: tensor<16xf16>) {
  // expected-error @+1 {{expected 2 indices (one per view dimension), got 1}}
  tile.store %t, %q[%i] : tensor<16xf16> -> !tile.view<f16, 2>
  return
}

// -----

// expected-error @+1 {{expected view element type f16, bf16, f32, i32 or i64, got 'i8'}}
func.func @view_element(%q: !tile.view<i8, 2>)

// -----

// expected-error @+1 {{expected view rank in [1, 4], got 5}}
func.func @view_rank(%q: !tile.view<f16, 5>)

// -----

func.func @splat_type(%x: f32) {
  // expected-error @+1 {{expected result element type 'f32', got 'f16'}}
  %t = tile.splat %x : f32 -> tensor<16xf16>
  return
}

// -----

func.func @iota_empty() {
  // expected-error @+1 {{expected a non-empty tile, got 'tensor<0xi32>'}}
  %t = tile.iota : tensor<0xi32>
  return
}

// -----

func.func @expand_axis(%x: tensor<16xf32>) {
  // expected-error @+1 {{expected axis in [0, 1], got 2}}
  %t = tile.expand_dims %x axis 2 : tensor<16xf32> -> tensor<16x1xf32>
  return
}

// -----

func.func @expand_shape(%x: tensor<16xf32>) {
  // expected-error @+1 {{expected result shape 1x16, got 16x1}}
  %t = tile.expand_dims %x axis 0 : tensor<16xf32> -> tensor<16x1xf32>
  return
}

// -----

func.func @expand_element(%x: tensor<16xf32>) {
  // expected-error @+1 {{expected result element type 'f32', got 'f16'}}
  %t = tile.expand_dims %x axis 0 : tensor<16xf32> -> tensor<1x16xf16>
  return
}

// -----

func.func @broadcast_rank(%x: tensor<16x1xf32>) {
  // expected-error @+1 {{expected result rank 2, got 3}}
  %t = tile.broadcast %x : tensor<16x1xf32> -> tensor<16x4x4xf32>
  return
}

// -----

func.func @broadcast_dim(%x: tensor<16x2xf32>) {
  // expected-error @+1 {{expected dimension 1 of size 1 or 8 in the operand, got 2}}
  %t = tile.broadcast %x : tensor<16x2xf32> -> tensor<16x8xf32>
  return
}

// -----

func.func @broadcast_element(%x: tensor<16x1xf32>) {
  // expected-error @+1 {{expected result element type 'f32', got 'f16'}}
  %t = tile.broadcast %x : tensor<16x1xf32> -> tensor<16x8xf16>
  return
}

// -----

func.func @trans_shape(%x: tensor<16x8xf16>) {
  // expected-error @+1 {{expected result shape 8x16, got 16x8}}
  %t = tile.trans %x : tensor<16x8xf16> -> tensor<16x8xf16>
  return
}

// -----

func.func @trans_element(%x: tensor<16x8xf16>) {
  // expected-error @+1 {{expected result element type 'f16', got 'f32'}}
  %t = tile.trans %x : tensor<16x8xf16> -> tensor<8x16xf32>
  return
}

// -----

func.func @dot_operand_type(%a: tensor<16x16xf32>, %b: tensor<16x8xf32>, %c: tensor<16x8xf32>) {
  // expected-error @+1 {{expected f16 or bf16 operands, got 'f32'}}
  %d = tile.dot %a, %b, %c : tensor<16x16xf32>, tensor<16x8xf32> -> tensor<16x8xf32>
  return
}

// -----

func.func @dot_mixed(%a: tensor<16x16xf16>, %b: tensor<16x8xbf16>, %c: tensor<16x8xf32>) {
  // expected-error @+1 {{expected operand b of element type 'f16' (as a), got 'bf16'}}
  %d = tile.dot %a, %b, %c : tensor<16x16xf16>, tensor<16x8xbf16> -> tensor<16x8xf32>
  return
}

// -----

func.func @dot_acc_type(%a: tensor<16x16xf16>, %b: tensor<16x8xf16>, %c: tensor<16x8xf16>) {
  // expected-error @+1 {{expected an f32 accumulator, got 'f16'}}
  %d = tile.dot %a, %b, %c : tensor<16x16xf16>, tensor<16x8xf16> -> tensor<16x8xf16>
  return
}

// -----

func.func @dot_inner(%a: tensor<16x32xf16>, %b: tensor<16x8xf16>, %c: tensor<16x8xf32>) {
  // expected-error @+1 {{expected b with 32 rows (the columns of a), got 16}}
  %d = tile.dot %a, %b, %c : tensor<16x32xf16>, tensor<16x8xf16> -> tensor<16x8xf32>
  return
}

// -----

func.func @dot_acc_shape(%a: tensor<16x16xf16>, %b: tensor<16x8xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{expected accumulator shape 16x8, got 16x16}}
  %d = tile.dot %a, %b, %c : tensor<16x16xf16>, tensor<16x8xf16> -> tensor<16x16xf32>
  return
}

// -----

func.func @reduce_axis(%x: tensor<16x8xf32>) {
  // expected-error @+1 {{expected axis in [0, 2), got 2}}
  %r = tile.reduce max %x axis 2 : tensor<16x8xf32> -> tensor<16xf32>
  return
}

// -----

func.func @reduce_rank(%x: tensor<16xf32>) {
  // expected-error @+1 {{expected a tile of rank at least 2, got rank 1}}
  %r = tile.reduce sum %x axis 0 : tensor<16xf32> -> tensor<1xf32>
  return
}

// -----

func.func @reduce_shape(%x: tensor<16x8xf32>) {
  // expected-error @+1 {{expected result shape 16, got 8}}
  %r = tile.reduce max %x axis 1 : tensor<16x8xf32> -> tensor<8xf32>
  return
}

// -----

func.func @reduce_element(%x: tensor<16x8xf32>) {
  // expected-error @+1 {{expected result element type 'f32', got 'f16'}}
  %r = tile.reduce max %x axis 1 : tensor<16x8xf32> -> tensor<16xf16>
  return
}

// -----

func.func @argmax_index_type(%x: tensor<16x8xf32>) {
  // expected-error @+1 {{expected i32 indices from argmax, got 'f32'}}
  %r = tile.reduce argmax %x axis 1 : tensor<16x8xf32> -> tensor<16xf32>
  return
}

// -----

func.func @argmin_bools(%x: tensor<16x8xi1>) {
  // expected-error @+1 {{expected a numeric tile for argmin, got i1}}
  %r = tile.reduce argmin %x axis 0 : tensor<16x8xi1> -> tensor<8xi32>
  return
}

// -----

func.func @softmax_scores_rank(%s: tensor<16xf32>, %v: tensor<16x8xf16>, %m: tensor<16xf32>, %acc: tensor<16x8xf32>) {
  // expected-error @+1 {{expected 2-D scores, got rank 1}}
  %a, %b, %c = tile.online_softmax %s, %v, %m, %m, %acc : tensor<16xf32>, tensor<16x8xf16>, tensor<16xf32>, tensor<16x8xf32>
  return
}

// -----

func.func @softmax_v_type(%s: tensor<16x16xf32>, %v: tensor<16x8xf32>, %m: tensor<16xf32>, %acc: tensor<16x8xf32>) {
  // expected-error @+1 {{expected v of element type f16 or bf16, got 'f32'}}
  %a, %b, %c = tile.online_softmax %s, %v, %m, %m, %acc : tensor<16x16xf32>, tensor<16x8xf32>, tensor<16xf32>, tensor<16x8xf32>
  return
}

// -----

func.func @softmax_v_rows(%s: tensor<16x32xf32>, %v: tensor<16x8xf16>, %m: tensor<16xf32>, %acc: tensor<16x8xf32>) {
  // expected-error @+1 {{expected v with 32 rows (the columns of scores), got 16}}
  %a, %b, %c = tile.online_softmax %s, %v, %m, %m, %acc : tensor<16x32xf32>, tensor<16x8xf16>, tensor<16xf32>, tensor<16x8xf32>
  return
}

// -----

func.func @softmax_stats(%s: tensor<16x16xf32>, %v: tensor<16x8xf16>, %m: tensor<8xf32>, %acc: tensor<16x8xf32>) {
  // expected-error @+1 {{expected m and l of shape 16, got 8}}
  %a, %b, %c = tile.online_softmax %s, %v, %m, %m, %acc : tensor<16x16xf32>, tensor<16x8xf16>, tensor<8xf32>, tensor<16x8xf32>
  return
}

// -----

func.func @softmax_acc(%s: tensor<16x16xf32>, %v: tensor<16x8xf16>, %m: tensor<16xf32>, %acc: tensor<16x16xf32>) {
  // expected-error @+1 {{expected acc of shape 16x8, got 16x16}}
  %a, %b, %c = tile.online_softmax %s, %v, %m, %m, %acc : tensor<16x16xf32>, tensor<16x8xf16>, tensor<16xf32>, tensor<16x16xf32>
  return
}

// -----

func.func @program_axis() {
  // expected-error @+1 {{attribute 'axis' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 2}}
  %p = tile.program_id 3
  return
}

// -----

// expected-error @+1 {{expected 'tile.kernel' on a function, got it on 'builtin.module'}}
module attributes {tile.kernel} {}

// -----

// expected-error @+1 {{unknown tile dialect attribute 'tile.bogus'}}
func.func @bogus() attributes {tile.bogus} { return }

// -----

// expected-error @+1 {{expected 'tile.kernel' to be a unit attribute}}
func.func @kernel_unit() attributes {tile.kernel = 1} { return }

// -----

// expected-error @+1 {{expected 'tile.sizes' to be an array of strings, got 1 : i64}}
func.func @sizes_array() attributes {tile.sizes = 1} { return }

// -----

// expected-error @+1 {{expected 'tile.sizes' entries to be strings, got 1 : i64}}
func.func @sizes_entries() attributes {tile.sizes = [1]} { return }

// -----

// expected-error @+1 {{expected distinct size names, got 'N' twice}}
func.func @sizes_distinct() attributes {tile.sizes = ["N", "N"]} { return }

// -----

// expected-error @+1 {{expected 'tile.grid' to be an affine map, got 1 : i64}}
func.func @grid_map() attributes {tile.sizes = ["N"], tile.grid = 1} { return }

// -----

// expected-error @+1 {{expected a grid map with symbols only, got 1 dimensions}}
func.func @grid_dims() attributes {tile.sizes = ["N"], tile.grid = affine_map<(d0) -> (d0)>} { return }

// -----

// expected-error @+1 {{expected 1 to 3 grid dimensions, got 4}}
func.func @grid_results() attributes {tile.sizes = ["N"], tile.grid = affine_map<()[s0] -> (s0, s0, s0, s0)>} { return }

// -----

// expected-error @+1 {{expected the grid map to have one symbol per entry of 'tile.sizes' (1), got 2}}
func.func @grid_symbols() attributes {tile.sizes = ["N"], tile.grid = affine_map<()[s0, s1] -> (s0)>} { return }

// -----

// expected-error @+1 {{expected 'tile.constants' to be a dictionary, got 1 : i64}}
func.func @constants() attributes {tile.constants = 1} { return }

// -----

// expected-error @+1 {{expected 'tile.num_warps' to be an integer in [1, 32] (a CTA has at most 1024 threads), got 0 : i32}}
func.func @warps() attributes {tile.num_warps = 0 : i32} { return }

// -----

// expected-error @+1 {{expected 'tile.num_warps' to be an integer in [1, 32] (a CTA has at most 1024 threads), got 64 : i32}}
func.func @warps_too_many() attributes {tile.num_warps = 64 : i32} { return }

// -----

// getInt() asserts on unsigned and on wider than 64-bit integers.
// expected-error @+1 {{expected 'tile.num_warps' to be an integer in [1, 32] (a CTA has at most 1024 threads), got 4 : ui32}}
func.func @warps_unsigned() attributes {tile.num_warps = 4 : ui32} { return }

// -----

// expected-error @+1 {{expected 'tile.num_warps' to be an integer in [1, 32] (a CTA has at most 1024 threads), got true}}
func.func @warps_bool() attributes {tile.num_warps = true} { return }

// -----

// Issue 16.2: 2^31 - 1 stages made tilegpu-pipeline run for hours.
// expected-error @+1 {{expected 'tile.num_stages' to be an integer in [1, 8] (the depth of the cp.async ring; every stage is a shared-memory copy of each pipelined tile, so shared memory bounds it anyway), got 2147483647 : i32}}
func.func @stages_too_many() attributes {tile.num_stages = 2147483647 : i32} { return }

// -----

// expected-error @+1 {{expected 'tile.num_stages' to be an integer in [1, 8] (the depth of the cp.async ring; every stage is a shared-memory copy of each pipelined tile, so shared memory bounds it anyway), got 0 : i32}}
func.func @stages_zero() attributes {tile.num_stages = 0 : i32} { return }

// -----

// expected-error @+1 {{expected 'tile.shape' on a !tile.view argument, got it on 'i32'}}
func.func @shape_on_scalar(%x: i32 {tile.shape = ["N"]}) { return }

// -----

// expected-error @+1 {{expected 'tile.shape' with 2 entries, got ["N"]}}
func.func @shape_rank(%x: !tile.view<f16, 2> {tile.shape = ["N"]}) attributes {tile.sizes = ["N"]} { return }

// -----

// expected-error @+1 {{expected a positive fixed size, got 0}}
func.func @shape_fixed(%x: !tile.view<f16, 1> {tile.shape = [0]}) { return }

// -----

// expected-error @+1 {{expected a positive fixed size, got 36893488147419103232 : i128}}
func.func @shape_fixed_wide(%x: !tile.view<f16, 1> {tile.shape = [36893488147419103232 : i128]}) { return }

// -----

// expected-error @+1 {{expected a size name or an integer in 'tile.shape', got 1.000000e+00 : f32}}
func.func @shape_entry(%x: !tile.view<f16, 1> {tile.shape = [1.0 : f32]}) { return }

// -----

// expected-error @+1 {{expected size 'M' to be declared in 'tile.sizes'}}
func.func @shape_undeclared(%x: !tile.view<f16, 1> {tile.shape = ["M"]}) attributes {tile.sizes = ["N"]} { return }

// -----

// expected-error @+1 {{expected 'tile.role' to be "input", "output" or "inout", got "scratch"}}
func.func @role(%x: !tile.view<f16, 1> {tile.role = "scratch"}) { return }

// -----

// expected-error @+1 {{expected 'tile.init' to be a float, got 0 : i64}}
func.func @init(%x: !tile.view<f32, 1> {tile.init = 0}) { return }

// -----

// expected-error @+1 {{unknown tile dialect argument attribute 'tile.bogus'}}
func.func @arg_bogus(%x: !tile.view<f32, 1> {tile.bogus}) { return }

// -----

// expected-error @+1 {{expected 'tile.name' to be a string, got 1 : i64}}
func.func @name(%x: !tile.view<f32, 1> {tile.name = 1}) { return }

// -----

func.func @scan_axis(%x: tensor<16x8xf32>) {
  // expected-error @+1 {{expected axis in [0, 2), got 2}}
  %r = tile.scan %x axis 2 : tensor<16x8xf32>
  return
}

// -----

func.func @scan_bools(%x: tensor<16xi1>) {
  // expected-error @+1 {{expected a numeric tile, got i1}}
  %r = tile.scan %x axis 0 : tensor<16xi1>
  return
}
