#blocked = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
#map = affine_map<()[s0, s1] -> (s0)>
#cols = #tilegpu.slice<dim = 0, parent = #blocked>
#rows = #tilegpu.slice<dim = 1, parent = #blocked>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @rmsnorm(%arg0: !tile.view<f16, 2> {tile.name = "X", tile.role = "input", tile.shape = ["M", "N"]}, %arg1: !tile.view<f16, 1> {tile.name = "W", tile.role = "input", tile.shape = ["N"]}, %arg2: !tile.view<f16, 2> {tile.name = "Y", tile.role = "output", tile.shape = ["M", "N"]}, %arg3: f32 {tile.name = "eps"}) attributes {tile.constants = {BLOCK_N = 1024 : i64, DTYPE = f16, NUM_WARPS = 4 : i64, ROWS = 1 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 4 : i32, tile.sizes = ["M", "N"], tilegpu.shared_bytes = 16 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %0 = tile.dim %arg0, 1 : !tile.view<f16, 2>
    %1 = tile.program_id 0
    %2 = tile.load %arg0[%1, %c0_i32] : !tile.view<f16, 2> -> tensor<1x1024xf16, #blocked>
    %3 = arith.extf %2 : tensor<1x1024xf16, #blocked> to tensor<1x1024xf32, #blocked>
    %4 = arith.mulf %3, %3 : tensor<1x1024xf32, #blocked>
    %5 = tile.reduce sum %4 axis 1 {tilegpu.shared_offset = 0 : i64} : tensor<1x1024xf32, #blocked> -> tensor<1xf32, #rows>
    %6 = arith.sitofp %0 : i32 to f32
    %7 = tile.splat %6 : f32 -> tensor<1xf32, #rows>
    %8 = arith.divf %5, %7 : tensor<1xf32, #rows>
    %9 = tile.splat %arg3 : f32 -> tensor<1xf32, #rows>
    %10 = arith.addf %8, %9 : tensor<1xf32, #rows>
    %11 = math.rsqrt %10 : tensor<1xf32, #rows>
    %12 = tile.load %arg1[%c0_i32] : !tile.view<f16, 1> -> tensor<1024xf16, #cols>
    %13 = arith.extf %12 : tensor<1024xf16, #cols> to tensor<1024xf32, #cols>
    %14 = tile.expand_dims %11 axis 1 : tensor<1xf32, #rows> -> tensor<1x1xf32, #rows>
    %15 = tile.broadcast %14 : tensor<1x1xf32, #rows> -> tensor<1x1024xf32, #blocked>
    %16 = arith.mulf %3, %15 : tensor<1x1024xf32, #blocked>
    %17 = tile.expand_dims %13 axis 0 : tensor<1024xf32, #cols> -> tensor<1x1024xf32, #blocked>
    %18 = arith.mulf %16, %17 : tensor<1x1024xf32, #blocked>
    %19 = arith.truncf %18 : tensor<1x1024xf32, #blocked> to tensor<1x1024xf16, #blocked>
    tile.store %19, %arg2[%1, %c0_i32] : tensor<1x1024xf16, #blocked> -> !tile.view<f16, 2>
    return
  }
}

