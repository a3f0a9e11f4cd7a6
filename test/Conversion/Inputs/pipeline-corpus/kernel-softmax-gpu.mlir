#blocked = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
#map = affine_map<()[s0, s1] -> (s0)>
#cols = #tilegpu.slice<dim = 0, parent = #blocked>
#rows = #tilegpu.slice<dim = 1, parent = #blocked>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @softmax(%arg0: !tile.view<f16, 2> {tile.name = "X", tile.role = "input", tile.shape = ["M", "N"]}, %arg1: !tile.view<f16, 2> {tile.name = "Y", tile.role = "output", tile.shape = ["M", "N"]}) attributes {tile.constants = {BLOCK_N = 1024 : i64, DTYPE = f16, NUM_WARPS = 4 : i64, ROWS = 1 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 4 : i32, tile.sizes = ["M", "N"], tilegpu.shared_bytes = 1040 : i64} {
    %cst = arith.constant dense<1.000000e+00> : tensor<1xf32, #rows>
    %cst_0 = arith.constant dense<0xFF800000> : tensor<1x1024xf32, #blocked>
    %c0_i32 = arith.constant 0 : i32
    %0 = tile.dim %arg0, 1 : !tile.view<f16, 2>
    %1 = tile.program_id 0
    %2 = tile.iota : tensor<1024xi32, #cols>
    %3 = tile.load %arg0[%1, %c0_i32] : !tile.view<f16, 2> -> tensor<1x1024xf16, #blocked>
    %4 = arith.extf %3 : tensor<1x1024xf16, #blocked> to tensor<1x1024xf32, #blocked>
    %5 = tile.expand_dims %2 axis 0 : tensor<1024xi32, #cols> -> tensor<1x1024xi32, #blocked>
    %6 = tile.splat %0 : i32 -> tensor<1x1024xi32, #blocked>
    %7 = arith.cmpi slt, %5, %6 : tensor<1x1024xi32, #blocked>
    %8 = arith.select %7, %4, %cst_0 : tensor<1x1024xi1, #blocked>, tensor<1x1024xf32, #blocked>
    %9 = tile.reduce max %8 axis 1 {tilegpu.shared_offset = 0 : i64} : tensor<1x1024xf32, #blocked> -> tensor<1xf32, #rows>
    %10 = tile.expand_dims %9 axis 1 : tensor<1xf32, #rows> -> tensor<1x1xf32, #rows>
    %11 = tile.broadcast %10 : tensor<1x1xf32, #rows> -> tensor<1x1024xf32, #blocked>
    %12 = arith.subf %8, %11 : tensor<1x1024xf32, #blocked>
    %13 = math.exp %12 : tensor<1x1024xf32, #blocked>
    %14 = tile.reduce sum %13 axis 1 {tilegpu.shared_offset = 1024 : i64} : tensor<1x1024xf32, #blocked> -> tensor<1xf32, #rows>
    %15 = arith.divf %cst, %14 : tensor<1xf32, #rows>
    %16 = tile.expand_dims %15 axis 1 : tensor<1xf32, #rows> -> tensor<1x1xf32, #rows>
    %17 = tile.broadcast %16 : tensor<1x1xf32, #rows> -> tensor<1x1024xf32, #blocked>
    %18 = arith.mulf %13, %17 : tensor<1x1024xf32, #blocked>
    %19 = arith.truncf %18 : tensor<1x1024xf32, #blocked> to tensor<1x1024xf16, #blocked>
    tile.store %19, %arg1[%1, %c0_i32] : tensor<1x1024xf16, #blocked> -> !tile.view<f16, 2>
    return
  }
}

