#h = #tilegpu.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>
func.func @atomic_adds(%hist: !tile.view<i32, 1>, %sum: !tile.view<f32, 1>, %y: !tile.view<f32, 1>, %i: i32, %v: f32) attributes {tile.kernel, tile.num_warps = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %ones = arith.constant dense<1> : tensor<8xi32, #h>
  tile.atomic_add %ones, %hist[%c0] : tensor<8xi32, #h> -> !tile.view<i32, 1>
  tile.atomic_add %v, %sum[%i] : f32 -> !tile.view<f32, 1>
  tile.atomic_add %v, %sum[%c0] : f32 -> !tile.view<f32, 1>
  %back = tile.load_scalar %sum[%i] : !tile.view<f32, 1> -> f32
  %t = tile.splat %back : f32 -> tensor<64xf32, #h>
  tile.store %t, %y[%c0] : tensor<64xf32, #h> -> !tile.view<f32, 1>
  return
}

