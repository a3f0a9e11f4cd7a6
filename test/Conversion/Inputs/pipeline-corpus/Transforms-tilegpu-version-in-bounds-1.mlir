func.func @affine(%o: !tile.view<i32, 1> {tile.name = "O", tile.role = "output", tile.shape = ["N"]})
    attributes {tile.kernel, tile.grid = affine_map<()[s0] -> (s0)>, tile.sizes = ["N"], tile.num_warps = 1 : i32} {
  %pid = tile.program_id 0
  %c4s = arith.constant 4 : i32
  %c4 = tile.splat %c4s : i32 -> tensor<4xi32>
  %p = tile.splat %pid : i32 -> tensor<4xi32>
  %base = arith.muli %p, %c4 : tensor<4xi32>
  %iota = tile.iota : tensor<4xi32>
  %one = arith.constant dense<1> : tensor<4xi32>
  %sum = arith.addi %base, %iota : tensor<4xi32>
  %cols = arith.subi %sum, %one : tensor<4xi32>
  %n = tile.dim %o, 0 : !tile.view<i32, 1>
  %bound = tile.splat %n : i32 -> tensor<4xi32>
  %below = arith.cmpi slt, %cols, %bound : tensor<4xi32>
  %zero = arith.constant dense<0> : tensor<4xi32>
  %above = arith.cmpi sge, %cols, %zero : tensor<4xi32>
  %in = arith.andi %below, %above : tensor<4xi1>
  %v = arith.select %in, %cols, %zero : tensor<4xi1>, tensor<4xi32>
  %c0 = arith.constant 0 : i32
  tile.store %v, %o[%c0] : tensor<4xi32> -> !tile.view<i32, 1>
  return
}

