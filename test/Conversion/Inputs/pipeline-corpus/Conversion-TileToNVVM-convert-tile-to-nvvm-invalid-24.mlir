func.func @sum_f16(%a: !tile.view<f16, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<16x16xf16, #tilegpu.mma<warpsM = 1, warpsN = 1>>
  %r = tile.reduce sum %t axis 1 : tensor<16x16xf16, #tilegpu.mma<warpsM = 1, warpsN = 1>> -> tensor<16xf16, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 1, warpsN = 1>>>
  return
}

