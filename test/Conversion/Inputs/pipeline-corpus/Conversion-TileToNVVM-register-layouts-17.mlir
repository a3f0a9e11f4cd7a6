func.func @mma_rounding_stays(%x: !tile.view<f32, 2>, %y: !tile.view<f16, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%c0, %c0] : !tile.view<f32, 2> -> tensor<16x16xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>
  %h = arith.truncf %t : tensor<16x16xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>> to tensor<16x16xf16, #tilegpu.mma<warpsM = 1, warpsN = 1>>
  tile.store %h, %y[%c0, %c0] : tensor<16x16xf16, #tilegpu.mma<warpsM = 1, warpsN = 1>> -> !tile.view<f16, 2>
  return
}

