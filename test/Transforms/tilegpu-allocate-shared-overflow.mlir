// RUN: tessera-opt %s -tilegpu-assign-layouts -tessera-attach-target -tilegpu-allocate-shared -verify-diagnostics

// Buffer sizes are products of the IR's shapes: one that overflows int64
// counts as 2^40 bytes (over any budget) instead of wrapping to 0, which
// passed the budget and placed buffers that do not fit.

// expected-error @+1 {{needs 2199023255552 bytes of shared memory, over the sm_90a budget of 232448 bytes}}
func.func @overflow(%a: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : i32
  // expected-note @+1 {{buffer of 1099511627776 bytes for 'tensor<64x4611686018427387904xf16, #tilegpu.shared<transposed = false, swizzle = 128>>' (1 stage) at offset 0}}
  %x = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x4611686018427387904xf16>
  // expected-note @+1 {{buffer of 1099511627776 bytes for 'tensor<4611686018427387904x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>>' (1 stage) at offset 1099511627776}}
  %y = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<4611686018427387904x16xf16>
  %z = arith.constant dense<0.0> : tensor<64x16xf32>
  %d = tile.dot %x, %y, %z : tensor<64x4611686018427387904xf16>, tensor<4611686018427387904x16xf16> -> tensor<64x16xf32>
  tile.store %d, %o[%c0, %c0] : tensor<64x16xf32> -> !tile.view<f32, 2>
  return
}
