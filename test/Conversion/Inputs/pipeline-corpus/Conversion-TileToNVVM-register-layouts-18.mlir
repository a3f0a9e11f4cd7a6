func.func @in_bounds_mma_store(%y: !tile.view<f16, 2>, %i: i32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = arith.constant dense<1.0> : tensor<16x16xf16, #tilegpu.mma<warpsM = 1, warpsN = 1>>
  tile.store %t, %y[%i, %c0] {in_bounds = array<i1: true, true>} : tensor<16x16xf16, #tilegpu.mma<warpsM = 1, warpsN = 1>> -> !tile.view<f16, 2>
  return
}

