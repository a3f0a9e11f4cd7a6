func.func @scaled(%s: tensor<128x64xf32>, %v: tensor<64x32xf16>, %m: tensor<128xf32>,
                  %l: tensor<128xf32>, %acc: tensor<128x32xf32>, %scale: f32)
    -> (tensor<128xf32>, tensor<128xf32>, tensor<128x32xf32>) {
  %m1, %l1, %acc1 = tile.online_softmax %s, %v, %m, %l, %acc scale %scale
      : tensor<128x64xf32>, tensor<64x32xf16>, tensor<128xf32>, tensor<128x32xf32>
  return %m1, %l1, %acc1 : tensor<128xf32>, tensor<128xf32>, tensor<128x32xf32>
}

