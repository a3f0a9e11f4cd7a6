func.func @rows(%x: !tile.view<f32, 2> {tile.name = "X", tile.role = "input", tile.shape = ["M", "N"]},
                %y: !tile.view<f32, 2> {tile.name = "Y", tile.role = "output", tile.shape = ["M", "N"]})
    attributes {tile.kernel, tile.grid = affine_map<()[s0, s1] -> (s0 ceildiv 2)>, tile.sizes = ["M", "N"], tile.num_warps = 1 : i32} {
  %pid = tile.program_id 0
  %c2 = arith.constant 2 : i32
  %row = arith.muli %pid, %c2 : i32
  %c0 = arith.constant 0 : i32
  %n = tile.dim %x, 1 : !tile.view<f32, 2>
  %nf = arith.sitofp %n : i32 to f32
  %t = tile.load %x[%row, %c0] : !tile.view<f32, 2> -> tensor<2x8xf32>
  %cols = tile.iota : tensor<8xi32>
  %cols2 = tile.expand_dims %cols axis 0 : tensor<8xi32> -> tensor<1x8xi32>
  %bound = tile.splat %n : i32 -> tensor<1x8xi32>
  %mask = arith.cmpi slt, %cols2, %bound : tensor<1x8xi32>
  %mask2 = tile.broadcast %mask : tensor<1x8xi1> -> tensor<2x8xi1>
  %s = tile.splat %nf : f32 -> tensor<2x8xf32>
  %d = arith.subf %t, %s : tensor<2x8xf32>
  %zero = arith.constant dense<0.0> : tensor<2x8xf32>
  %v = arith.select %mask2, %d, %zero : tensor<2x8xi1>, tensor<2x8xf32>
  tile.store %v, %y[%row, %c0] : tensor<2x8xf32> -> !tile.view<f32, 2>
  return
}

