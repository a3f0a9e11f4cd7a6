#v = #tilegpu.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>
#c = #tilegpu.blocked<sizePerThread = [4, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 1], order = [1, 0]>
#one = #tilegpu.slice<dim = 0, parent = #c>
func.func @row_to_scalar(%x: !tile.view<f32, 2>, %m: !tile.view<f32, 1>, %y: !tile.view<f32, 2>, %row: i32) attributes {tile.kernel, tile.num_warps = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %f = tile.load %x[%row, %c0] : !tile.view<f32, 2> -> tensor<256xf32, #v>
  %col = tile.expand_dims %f axis 1 : tensor<256xf32, #v> -> tensor<256x1xf32, #c>
  %one = tile.reduce sum %col axis 0 : tensor<256x1xf32, #c> -> tensor<1xf32, #one>
  %s = tile.to_scalar %one : tensor<1xf32, #one> -> f32
  tile.store_scalar %s, %m[%row] : f32 -> !tile.view<f32, 1>
  %next = arith.addi %row, %c1 : i32
  tile.store_scalar %s, %m[%next] : f32 -> !tile.view<f32, 1>
  %back = tile.load_scalar %m[%row] : !tile.view<f32, 1> -> f32
  %b = tile.broadcast %one : tensor<1xf32, #one> -> tensor<256xf32, #v>
  %d = arith.subf %f, %b : tensor<256xf32, #v>
  %r = tile.splat %back : f32 -> tensor<256xf32, #v>
  %e = arith.addf %d, %r : tensor<256xf32, #v>
  tile.store %e, %y[%row, %c0] : tensor<256xf32, #v> -> !tile.view<f32, 2>
  return
}

