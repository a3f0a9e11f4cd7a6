func.func @kernel(%a: !tile.view<f32, 2>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] : !tile.view<f32, 2> -> tensor<16x16xf32>
  tile.store %x, %a[%c0, %c0] : tensor<16x16xf32> -> !tile.view<f32, 2>
  return
}

