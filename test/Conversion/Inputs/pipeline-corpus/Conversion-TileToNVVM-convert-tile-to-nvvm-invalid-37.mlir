func.func @tma_of_narrowed_view(%k: !tile.view<f16, 2>, %i: i32, %p: i1) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %n = tile.narrow %k, 0, %i, %i : !tile.view<f16, 2>
  tilegpu.async_load %n[%i, %i] stage %i if %p {buffer = 0 : i64, tilegpu.shared_offset = 0 : i64, tilegpu.barrier_offset = 16384 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  return
}

