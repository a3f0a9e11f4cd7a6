func.func @not_a_layout(%a: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] : !tile.view<f32, 2> -> tensor<16x16xf32, 7>
  return
}

