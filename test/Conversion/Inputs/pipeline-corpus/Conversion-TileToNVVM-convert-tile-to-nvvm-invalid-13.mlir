func.func @buffer_offsets(%k: !tile.view<f16, 2>, %i: i32, %p: i1) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  tilegpu.async_load %k[%i, %i] stage %i if %p {buffer = 0 : i64, tilegpu.shared_offset = 0 : i64, tilegpu.stages = 2 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  %v = tilegpu.stage_view stage %i {buffer = 0 : i64, tilegpu.shared_offset = 16384 : i64, tilegpu.stages = 2 : i64} : tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  return
}

