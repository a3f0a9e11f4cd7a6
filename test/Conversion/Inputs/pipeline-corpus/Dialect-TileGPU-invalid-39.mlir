func.func @offset_register_load(%a: !tile.view<f32, 2>, %i: i32) {
  %x = tile.load %a[%i, %i] {tilegpu.shared_offset = 0 : i64} : !tile.view<f32, 2> -> tensor<16x16xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>
  return
}

