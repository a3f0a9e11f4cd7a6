func.func @chunks(%x: !tile.view<f32, 2> {tile.name = "X", tile.role = "input", tile.shape = ["M", "N"]},
                  %y: !tile.view<f32, 2> {tile.name = "Y", tile.role = "output", tile.shape = ["M", "N"]})
    attributes {tile.kernel, tile.grid = affine_map<()[s0, s1] -> (s0)>, tile.sizes = ["M", "N"], tile.num_warps = 1 : i32} {
  %row = tile.program_id 0
  %c0 = arith.constant 0 : i32
  %c8 = arith.constant 8 : i32
  %n = tile.dim %x, 1 : !tile.view<f32, 2>
  %cols = tile.iota : tensor<8xi32>
  %cols2 = tile.expand_dims %cols axis 0 : tensor<8xi32> -> tensor<1x8xi32>
  %bound = tile.splat %n : i32 -> tensor<1x8xi32>
  %zero = arith.constant dense<0.0> : tensor<1x8xf32>
  %sum = scf.for %start = %c0 to %n step %c8 iter_args(%acc = %zero) -> (tensor<1x8xf32>) : i32 {
    %t = tile.load %x[%row, %start] : !tile.view<f32, 2> -> tensor<1x8xf32>
    %s = tile.splat %start : i32 -> tensor<1x8xi32>
    %at = arith.addi %s, %cols2 : tensor<1x8xi32>
    %inside = arith.cmpi slt, %at, %bound : tensor<1x8xi32>
    %v = arith.select %inside, %t, %zero : tensor<1x8xi1>, tensor<1x8xf32>
    %next = arith.addf %acc, %v : tensor<1x8xf32>
    scf.yield %next : tensor<1x8xf32>
  }
  scf.for %start = %c0 to %n step %c8 : i32 {
    %t = tile.load %x[%row, %start] : !tile.view<f32, 2> -> tensor<1x8xf32>
    %o = arith.subf %t, %sum : tensor<1x8xf32>
    tile.store %o, %y[%row, %start] : tensor<1x8xf32> -> !tile.view<f32, 2>
  }
  return
}

