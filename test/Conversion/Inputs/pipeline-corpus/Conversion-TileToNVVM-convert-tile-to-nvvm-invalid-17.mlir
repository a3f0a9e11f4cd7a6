func.func @non_splat_constant(%o: !tile.view<f32, 1>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %z = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0]> : tensor<16xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 1, warpsN = 1>>>
  tile.store %z, %o[%c0] : tensor<16xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 1, warpsN = 1>>> -> !tile.view<f32, 1>
  return
}

