func.func @in_loop(%s: tensor<16x16xf32>, %v: tensor<16x16xf16>, %m: tensor<16xf32>,
                   %l: tensor<16xf32>, %acc: tensor<16x16xf32>, %n: i32)
    -> tensor<16x16xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%mi = %m, %li = %l, %ai = %acc)
      -> (tensor<16xf32>, tensor<16xf32>, tensor<16x16xf32>) : i32 {
    %m1, %l1, %a1 = tile.online_softmax %s, %v, %mi, %li, %ai
        : tensor<16x16xf32>, tensor<16x16xf16>, tensor<16xf32>, tensor<16x16xf32>
    scf.yield %m1, %l1, %a1 : tensor<16xf32>, tensor<16xf32>, tensor<16x16xf32>
  }
  return %r#2 : tensor<16x16xf32>
}

