func.func @unchanged(%x: !tile.view<f32, 1> {tile.name = "X", tile.role = "inout", tile.shape = ["N"]})
    attributes {tile.kernel, tile.grid = affine_map<()[s0] -> (1)>, tile.sizes = ["N"], tile.num_warps = 1 : i32, tile.prefetch_registers = true} {
  %c0 = arith.constant 0 : i32
  %c8 = arith.constant 8 : i32
  %n = tile.dim %x, 0 : !tile.view<f32, 1>
  scf.for %start = %c0 to %n step %c8 : i32 {
    %t = tile.load %x[%start] : !tile.view<f32, 1> -> tensor<8xf32>
    %iota = tile.iota : tensor<8xi32>
    %half = arith.constant dense<4> : tensor<8xi32>
    %first = arith.cmpi slt, %iota, %half : tensor<8xi32>
    %bits = arith.bitcast %t : tensor<8xf32> to tensor<8xi32>
    %pos = arith.cmpi sgt, %bits, %iota : tensor<8xi32>
    %both = arith.andi %first, %pos : tensor<8xi1>
    %neg = arith.negf %t : tensor<8xf32>
    %v = arith.select %both, %neg, %t : tensor<8xi1>, tensor<8xf32>
    tile.store %v, %x[%start] : tensor<8xf32> -> !tile.view<f32, 1>
  }
  return
}

