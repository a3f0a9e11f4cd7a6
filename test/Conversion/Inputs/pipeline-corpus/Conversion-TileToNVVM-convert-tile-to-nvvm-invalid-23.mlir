func.func @reduce_columns(%a: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %a[%c0, %c0] : !tile.view<f32, 2> -> tensor<16x16xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>>
  %r = tile.reduce max %t axis 0 : tensor<16x16xf32, #tilegpu.mma<warpsM = 1, warpsN = 1>> -> tensor<16xf32, #tilegpu.slice<dim = 0, parent = #tilegpu.mma<warpsM = 1, warpsN = 1>>>
  return
}

