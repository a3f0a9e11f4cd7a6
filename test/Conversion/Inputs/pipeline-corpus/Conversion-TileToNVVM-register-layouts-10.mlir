#mma = #tilegpu.mma<warpsM = 1, warpsN = 1>
#rows = #tilegpu.slice<dim = 1, parent = #mma>
#b = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>
func.func @store_then_reload(%v: !tile.view<f32, 2>, %o: !tile.view<f32, 2>, %l: !tile.view<f32, 1>, %n: i32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c = arith.constant dense<1.0> : tensor<16x16xf32, #mma>
  tile.store %c, %v[%c0, %c0] : tensor<16x16xf32, #mma> -> !tile.view<f32, 2>
  scf.for %i = %c0 to %n step %c1 : i32 {
    %t = tile.load %v[%c0, %c0] : !tile.view<f32, 2> -> tensor<16x16xf32, #b>
    tile.store %t, %o[%i, %c0] : tensor<16x16xf32, #b> -> !tile.view<f32, 2>
  }
  scf.for %i = %c0 to %n step %c1 : i32 {
    %r = tile.load %l[%c0] : !tile.view<f32, 1> -> tensor<16xf32, #rows>
    tile.store %r, %l[%c0] : tensor<16xf32, #rows> -> !tile.view<f32, 1>
  }
  return
}

