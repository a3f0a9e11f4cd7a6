func.func @softmax_scores_rank(%s: tensor<16xf32>, %v: tensor<16x8xf16>, %m: tensor<16xf32>, %acc: tensor<16x8xf32>) {
  %a, %b, %c = tile.online_softmax %s, %v, %m, %m, %acc : tensor<16xf32>, tensor<16x8xf16>, tensor<16xf32>, tensor<16x8xf32>
  return
}

