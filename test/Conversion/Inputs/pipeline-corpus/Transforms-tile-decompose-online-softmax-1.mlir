func.func @unscaled_bf16(%s: tensor<64x64xf32>, %v: tensor<64x64xbf16>, %m: tensor<64xf32>,
                         %l: tensor<64xf32>, %acc: tensor<64x64xf32>)
    -> (tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>) {
  %m1, %l1, %acc1 = tile.online_softmax %s, %v, %m, %l, %acc
      : tensor<64x64xf32>, tensor<64x64xbf16>, tensor<64xf32>, tensor<64x64xf32>
  return %m1, %l1, %acc1 : tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>
}

