func.func @rank3(%a: !tile.view<f32, 3>, %i: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %x = tile.load %a[%i, %i, %i] : !tile.view<f32, 3> -> tensor<2x4x8xf32>
  tile.store %x, %a[%i, %i, %i] : tensor<2x4x8xf32> -> !tile.view<f32, 3>
  return
}

