func.func @scalar_load(%starts: !tile.view<i32, 1>, %o: !tile.view<f32, 1>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %b = tile.program_id 0
  %start = tile.load_scalar %starts[%b] {padding = -1.0 : f64} : !tile.view<i32, 1> -> i32
  %c1 = arith.constant 1 : i32
  %next = arith.addi %start, %c1 : i32
  %f = arith.sitofp %next : i32 to f32
  %t = tile.splat %f : f32 -> tensor<16xf32>
  tile.store %t, %o[%start] : tensor<16xf32> -> !tile.view<f32, 1>
  return
}

