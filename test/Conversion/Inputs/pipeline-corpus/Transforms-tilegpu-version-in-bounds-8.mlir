func.func @nested(%x: !tile.view<f32, 2> {tile.name = "X", tile.role = "inout", tile.shape = ["M", "N"]})
    attributes {tile.kernel, tile.grid = affine_map<()[s0, s1] -> (s0)>, tile.sizes = ["M", "N"], tile.num_warps = 1 : i32} {
  %row = tile.program_id 0
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c8 = arith.constant 8 : i32
  %n = tile.dim %x, 1 : !tile.view<f32, 2>
  %first = tile.load %x[%row, %c0] : !tile.view<f32, 2> -> tensor<1x8xf32>
  scf.for %k = %c0 to %c3 step %c1 : i32 {
    scf.for %start = %c8 to %n step %c8 : i32 {
      %t = tile.load %x[%row, %start] : !tile.view<f32, 2> -> tensor<1x8xf32>
      %o = arith.addf %t, %first : tensor<1x8xf32>
      tile.store %o, %x[%row, %start] : tensor<1x8xf32> -> !tile.view<f32, 2>
    }
  }
  return
}

