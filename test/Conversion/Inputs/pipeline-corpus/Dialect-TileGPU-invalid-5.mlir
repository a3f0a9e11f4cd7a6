func.func @convert_no_layout(%r: tensor<64xf32>) {
  %c = tilegpu.convert_layout %r : tensor<64xf32> -> tensor<64xf32, #tilegpu.slice<dim = 0, parent = #tilegpu.mma<warpsM = 4, warpsN = 1>>>
  return
}

