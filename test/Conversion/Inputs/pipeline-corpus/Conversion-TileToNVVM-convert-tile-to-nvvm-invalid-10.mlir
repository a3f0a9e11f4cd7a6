func.func @broadcast_other_parent(%r: tensor<64x1xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 2, warpsN = 1>>>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %b = tile.broadcast %r : tensor<64x1xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 2, warpsN = 1>>> -> tensor<64x16xf32, #tilegpu.mma<warpsM = 4, warpsN = 1>>
  return
}

