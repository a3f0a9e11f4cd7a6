func.func @expand_changes_layout(%r: tensor<64xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 4, warpsN = 1>>>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %e = tile.expand_dims %r axis 1 : tensor<64xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 4, warpsN = 1>>> -> tensor<64x1xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 2, warpsN = 1>>>
  return
}

