func.func @tma_misaligned(%k: !tile.view<f16, 2>, %i: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %p = arith.constant true
  tilegpu.async_load %k[%i, %i] stage %i if %p {buffer = 0 : i64, tilegpu.shared_offset = 128 : i64, tilegpu.barrier_offset = 16512 : i64, tilegpu.stages = 2 : i64, tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  return
}

