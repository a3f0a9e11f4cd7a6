func.func @wait_stops(%q: !tile.view<f16, 2> {tile.role = "input"}, %x: !tile.view<f32, 2> {tile.role = "input"}, %o: !tile.view<f32, 2> {tile.role = "output"})
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %qt = tile.load %q[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %kt = tile.load %q[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %z = arith.constant dense<0.0> : tensor<64x64xf32>
  %s = tile.dot %qt, %kt, %z : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
  %e = math.exp2 %z : tensor<64x64xf32>
  %y = tile.load %x[%c0, %c0] : !tile.view<f32, 2> -> tensor<64x64xf32>
  %sum = arith.addf %s, %y : tensor<64x64xf32>
  %t = arith.addf %sum, %e : tensor<64x64xf32>
  tile.store %t, %o[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  return
}

