func.func @guarded(%o: !tile.view<i32, 1> {tile.name = "O", tile.role = "output", tile.shape = ["N"]},
                   %k: i32 {tile.name = "k"})
    attributes {tile.kernel, tile.grid = affine_map<()[s0] -> (s0)>, tile.sizes = ["N"], tile.num_warps = 1 : i32} {
  %pid = tile.program_id 0
  %p = tile.splat %pid : i32 -> tensor<4xi32>
  %iota = tile.iota : tensor<4xi32>
  %a = arith.addi %p, %iota : tensor<4xi32>
  %ks = tile.splat %k : i32 -> tensor<4xi32>
  %b = arith.addi %ks, %iota : tensor<4xi32>
  %prod = arith.muli %a, %b : tensor<4xi32>
  %n = tile.dim %o, 0 : !tile.view<i32, 1>
  %bound = tile.splat %n : i32 -> tensor<4xi32>
  %in = arith.cmpi slt, %prod, %bound : tensor<4xi32>
  %zero = arith.constant dense<0> : tensor<4xi32>
  %v = arith.select %in, %prod, %zero : tensor<4xi1>, tensor<4xi32>
  %c0 = arith.constant 0 : i32
  tile.store %v, %o[%c0] : tensor<4xi32> -> !tile.view<i32, 1>
  return
}

