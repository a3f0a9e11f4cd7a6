func.func @dot(%a: !tile.view<f16, 2> {tile.name = "A", tile.role = "input", tile.shape = ["M", "K"]},
               %c: !tile.view<f32, 2> {tile.name = "C", tile.role = "output", tile.shape = ["M", "K"]})
    attributes {tile.kernel, tile.grid = affine_map<()[s0, s1] -> (s0 ceildiv 16)>, tile.sizes = ["M", "K"], tile.num_warps = 4 : i32} {
  %pid = tile.program_id 0
  %c16 = arith.constant 16 : i32
  %row = arith.muli %pid, %c16 : i32
  %c0 = arith.constant 0 : i32
  %t = tile.load %a[%row, %c0] : !tile.view<f16, 2> -> tensor<16x16xf16>
  %tt = tile.trans %t : tensor<16x16xf16> -> tensor<16x16xf16>
  %acc = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = tile.dot %t, %tt, %acc : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
  tile.store %d, %c[%row, %c0] : tensor<16x16xf32> -> !tile.view<f32, 2>
  return
}

