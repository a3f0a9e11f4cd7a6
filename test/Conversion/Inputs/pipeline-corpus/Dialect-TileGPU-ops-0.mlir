func.func @ops(%k: !tile.view<f16, 2>, %i: i32, %s: i32, %p: i1,
               %r: tensor<64xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 4, warpsN = 1>>>,
               %h: tensor<64x64xf16, #tilegpu.mma<warpsM = 4, warpsN = 1>>) {
  tilegpu.async_load %k[%i, %i] stage %s if %p {buffer = 0 : i64}
      : !tile.view<f16, 2> -> tensor<64x64xf16, #tilegpu.shared<transposed = false>>
  tilegpu.async_commit
  tilegpu.async_wait 1
  %t = tilegpu.stage_view stage %s {buffer = 0 : i64} : tensor<64x64xf16, #tilegpu.shared<transposed = false>>
  %c = tilegpu.convert_layout %r : tensor<64xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 4, warpsN = 1>>>
      -> tensor<64xf32, #tilegpu.slice<dim = 0, parent = #tilegpu.mma<warpsM = 4, warpsN = 1>>>
  %d = tilegpu.convert_layout %h : tensor<64x64xf16, #tilegpu.mma<warpsM = 4, warpsN = 1>>
      -> tensor<64x64xf16, #tilegpu.shared<transposed = false>>
  return
}

