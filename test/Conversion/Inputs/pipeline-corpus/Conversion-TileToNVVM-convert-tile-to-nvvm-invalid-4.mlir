func.func @trans_registers_to_shared(%a: tensor<16x16xf16, #tilegpu.mma<warpsM = 1, warpsN = 1>>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %t = tile.trans %a : tensor<16x16xf16, #tilegpu.mma<warpsM = 1, warpsN = 1>> -> tensor<16x16xf16, #tilegpu.shared<transposed = false, swizzle = 32>>
  return
}

