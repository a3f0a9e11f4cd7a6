#blocked = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
#cols = #tilegpu.slice<dim = 0, parent = #blocked>
#rows = #tilegpu.slice<dim = 1, parent = #blocked>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @softmax_row(%arg0: !tile.view<f16, 2>, %arg1: !tile.view<f16, 2>, %arg2: i32, %arg3: i32) attributes {tile.kernel, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 16 : i64} {
    %cst = arith.constant dense<0xFF800000> : tensor<1x1024xf32, #blocked>
    %c0_i32 = arith.constant 0 : i32
    %0 = tile.load %arg0[%arg2, %c0_i32] : !tile.view<f16, 2> -> tensor<1x1024xf16, #blocked>
    %1 = arith.extf %0 : tensor<1x1024xf16, #blocked> to tensor<1x1024xf32, #blocked>
    %2 = tile.iota : tensor<1024xi32, #cols>
    %3 = tile.expand_dims %2 axis 0 : tensor<1024xi32, #cols> -> tensor<1x1024xi32, #blocked>
    %4 = tile.splat %arg3 : i32 -> tensor<1x1024xi32, #blocked>
    %5 = arith.cmpi slt, %3, %4 : tensor<1x1024xi32, #blocked>
    %6 = arith.select %5, %1, %cst : tensor<1x1024xi1, #blocked>, tensor<1x1024xf32, #blocked>
    %7 = tile.reduce max %6 axis 1 {tilegpu.shared_offset = 0 : i64} : tensor<1x1024xf32, #blocked> -> tensor<1xf32, #rows>
    %8 = tile.expand_dims %7 axis 1 : tensor<1xf32, #rows> -> tensor<1x1xf32, #rows>
    %9 = tile.broadcast %8 : tensor<1x1xf32, #rows> -> tensor<1x1024xf32, #blocked>
    %10 = arith.subf %6, %9 : tensor<1x1024xf32, #blocked>
    %11 = arith.truncf %10 : tensor<1x1024xf32, #blocked> to tensor<1x1024xf16, #blocked>
    tile.store %11, %arg1[%arg2, %c0_i32] : tensor<1x1024xf16, #blocked> -> !tile.view<f16, 2>
    return
  }
}

