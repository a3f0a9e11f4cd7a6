func.func @always(%o: !tile.view<f32, 1> {tile.name = "O", tile.role = "inout", tile.shape = ["N"]})
    attributes {tile.kernel, tile.grid = affine_map<()[s0] -> (1)>, tile.sizes = ["N"], tile.num_warps = 1 : i32} {
  %iota = tile.iota : tensor<8xi32>
  %c16 = arith.constant dense<16> : tensor<8xi32>
  %in = arith.cmpi slt, %iota, %c16 : tensor<8xi32>
  %zero = arith.constant dense<0.0> : tensor<8xf32>
  %c0 = arith.constant 0 : i32
  %c8 = arith.constant 8 : i32
  %n = tile.dim %o, 0 : !tile.view<f32, 1>
  scf.for %i = %c0 to %n step %c8 : i32 {
    %t = tile.load %o[%i] : !tile.view<f32, 1> -> tensor<8xf32>
    %v = arith.select %in, %t, %zero : tensor<8xi1>, tensor<8xf32>
    tile.store %v, %o[%i] : tensor<8xf32> -> !tile.view<f32, 1>
  }
  return
}

