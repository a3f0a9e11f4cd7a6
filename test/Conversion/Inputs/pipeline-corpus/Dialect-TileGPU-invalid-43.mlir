func.func @async_transposed(%k: !tile.view<f16, 2>, %i: i32, %p: i1) {
  tilegpu.async_load %k[%i, %i] stage %i if %p {buffer = 0 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #tilegpu.shared<transposed = true, swizzle = 128>>
  return
}

