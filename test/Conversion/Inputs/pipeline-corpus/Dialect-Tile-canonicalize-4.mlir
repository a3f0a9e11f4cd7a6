func.func @constant_splats() -> (tensor<16x8xf32>, tensor<16x1xf32>) {
  %c = arith.constant 2.0 : f32
  %s = tile.splat %c : f32 -> tensor<16x1xf32>
  %b = tile.broadcast %s : tensor<16x1xf32> -> tensor<16x8xf32>
  %ninf = arith.constant dense<0xFF800000> : tensor<16xf32>
  %e = tile.expand_dims %ninf axis 1 : tensor<16xf32> -> tensor<16x1xf32>
  return %b, %e : tensor<16x8xf32>, tensor<16x1xf32>
}

