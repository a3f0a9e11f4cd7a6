func.func @warps_not_dividing(%o: !tile.view<f32, 1>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : i32
  %z = arith.constant dense<1.0> : tensor<48xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 3, warpsN = 1>>>
  tile.store %z, %o[%c0] : tensor<48xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 3, warpsN = 1>>> -> !tile.view<f32, 1>
  return
}

