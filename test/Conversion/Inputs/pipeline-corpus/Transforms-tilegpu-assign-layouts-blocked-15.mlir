func.func @atomic_adds(%s: !tile.view<f32, 1>, %a: !tile.view<f16, 2>, %c: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %ones = arith.constant dense<1.0> : tensor<512xf32>
  tile.atomic_add %ones, %s[%c0] : tensor<512xf32> -> !tile.view<f32, 1>
  %x = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %d = tile.dot %x, %x, %zero : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
  tile.atomic_add %d, %c[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  return
}

