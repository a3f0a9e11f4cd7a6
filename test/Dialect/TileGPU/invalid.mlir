// RUN: tessera-opt %s -split-input-file -verify-diagnostics

func.func @async_not_shared(%k: !tile.view<f16, 2>, %i: i32, %p: i1) {
  // expected-error @+1 {{expected a tile in #tilegpu.shared, got 'tensor<64x64xf16>'}}
  tilegpu.async_load %k[%i, %i] stage %i if %p {buffer = 0 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16>
  return
}

// -----

func.func @async_indices(%k: !tile.view<f16, 2>, %i: i32, %p: i1) {
  // expected-error @+1 {{expected 2 indices (one per view dimension), got 1}}
  tilegpu.async_load %k[%i] stage %i if %p {buffer = 0 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #tilegpu.shared<transposed = false>>
  return
}

// -----

func.func @async_element(%k: !tile.view<f16, 2>, %i: i32, %p: i1) {
  // expected-error @+1 {{expected tile element type 'f16' (of the view), got 'bf16'}}
  tilegpu.async_load %k[%i, %i] stage %i if %p {buffer = 0 : i64} : !tile.view<f16, 2> -> tensor<64x64xbf16, #tilegpu.shared<transposed = false>>
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

func.func @convert_from_shared(%t: tensor<64x64xf16, #tilegpu.shared<transposed = false>>) {
  // expected-error @+1 {{expected a tile in registers as the source, got 'tensor<64x64xf16, #tilegpu.shared<transposed = false>>'}}
  %c = tilegpu.convert_layout %t : tensor<64x64xf16, #tilegpu.shared<transposed = false>> -> tensor<64x64xf16, #tilegpu.mma<warpsM = 4, warpsN = 1>>
  return
}

// -----

func.func @wait_negative() {
  // expected-error @+1 {{'tilegpu.async_wait' op attribute 'pending' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0}}
  tilegpu.async_wait -1
  return
}
