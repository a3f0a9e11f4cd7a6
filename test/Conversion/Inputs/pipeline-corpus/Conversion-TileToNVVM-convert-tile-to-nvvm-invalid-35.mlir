func.func @store_shared_tile(%a: !tile.view<f16, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>>
  tile.store %x, %a[%c0, %c0] : tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>> -> !tile.view<f16, 2>
  return
}

