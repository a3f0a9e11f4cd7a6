func.func @atomic_add_f16(%q: !tile.view<f16, 1>, %i: i32, %t: tensor<64xf16>) {
  tile.atomic_add %t, %q[%i] : tensor<64xf16> -> !tile.view<f16, 1>
  return
}

