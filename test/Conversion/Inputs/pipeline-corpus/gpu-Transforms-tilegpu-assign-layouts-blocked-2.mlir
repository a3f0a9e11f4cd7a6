#blocked = #tilegpu.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#cols = #tilegpu.slice<dim = 0, parent = #blocked>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @column_sum(%arg0: !tile.view<f32, 2>, %arg1: !tile.view<f32, 1>, %arg2: i32) attributes {tile.kernel, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 512 : i64} {
    %0 = tile.load %arg0[%arg2, %arg2] : !tile.view<f32, 2> -> tensor<64x32xf32, #blocked>
    %1 = tile.reduce sum %0 axis 0 {tilegpu.shared_offset = 0 : i64} : tensor<64x32xf32, #blocked> -> tensor<32xf32, #cols>
    tile.store %1, %arg1[%arg2] : tensor<32xf32, #cols> -> !tile.view<f32, 1>
    return
  }
}

