func.func @branch_stops_wait(%q: !tile.view<f16, 2> {tile.role = "input"}, %o: !tile.view<f32, 2> {tile.role = "output"}, %c: i1)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %qt = tile.load %q[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %z = arith.constant dense<0.0> : tensor<64x64xf32>
  %s = tile.dot %qt, %qt, %z : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
  scf.if %c {
    tile.store %z, %o[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  }
  tile.store %s, %o[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  return
}

