func.func @gemm16(%a: !tile.view<f16, 2> {tile.name = "A", tile.shape = ["M", 16]},
                  %c: !tile.view<f32, 2> {tile.name = "C", tile.shape = ["M", 16], tile.role = "output"},
                  %alpha: f32 {tile.name = "alpha"})
    attributes {tile.kernel, tile.num_warps = 1 : i32, tile.sizes = ["M"],
                tile.grid = affine_map<()[s0] -> (s0 ceildiv 16)>} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<16x16xf16>
  %y = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<16x16xf16>
  %yt = tile.trans %y : tensor<16x16xf16> -> tensor<16x16xf16>
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = tile.dot %x, %yt, %z : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
  %s = tile.splat %alpha : f32 -> tensor<16x16xf32>
  %e = arith.mulf %d, %s : tensor<16x16xf32>
  tile.store %e, %c[%c0, %c0] : tensor<16x16xf32> -> !tile.view<f32, 2>
  return
}

