func.func @async_rank(%k: !tile.view<f16, 1>, %i: i32, %p: i1) {
  tilegpu.async_load %k[%i] stage %i if %p {buffer = 0 : i64} : !tile.view<f16, 1> -> tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  return
}

