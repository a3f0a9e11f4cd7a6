#blocked = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]>
#map = affine_map<()[s0, s1, s2] -> (s2 ceildiv 16, s1, s0)>
#rows = #tilegpu.slice<dim = 1, parent = #blocked>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @attn_merge(%arg0: !tile.view<f32, 4> {tile.init = 0.000000e+00 : f32, tile.name = "Out", tile.role = "inout", tile.shape = ["B", "H", "N", 64]}, %arg1: !tile.view<f32, 3> {tile.init = 0xFF800000 : f32, tile.name = "Lse", tile.role = "inout", tile.shape = ["B", "H", "N"]}, %arg2: !tile.view<f16, 4> {tile.name = "Part", tile.role = "input", tile.shape = ["B", "H", "N", 64]}, %arg3: !tile.view<f32, 3> {tile.name = "PartLse", tile.role = "input", tile.shape = ["B", "H", "N"]}) attributes {tile.constants = {BLOCK_M = 16 : i64, DTYPE = f16, HEAD_DIM = 64 : i64, NUM_WARPS = 8 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 2 : i32, tile.num_warps = 8 : i32, tile.sizes = ["B", "H", "N"], tilegpu.shared_bytes = 0 : i64} {
    %cst = arith.constant dense<1.000000e+00> : tensor<16xf32, #rows>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<16xf32, #rows>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<16xf32, #rows>
    %cst_2 = arith.constant dense<0xFF800000> : tensor<16xf32, #rows>
    %c0_i32 = arith.constant 0 : i32
    %c16_i32 = arith.constant 16 : i32
    %0 = tile.program_id 0
    %1 = arith.muli %0, %c16_i32 : i32
    %2 = tile.program_id 1
    %3 = tile.program_id 2
    %4 = tile.load %arg0[%3, %2, %1, %c0_i32] : !tile.view<f32, 4> -> tensor<16x64xf32, #blocked>
    %5 = tile.load %arg1[%3, %2, %1] : !tile.view<f32, 3> -> tensor<16xf32, #rows>
    %6 = tile.load %arg2[%3, %2, %1, %c0_i32] : !tile.view<f16, 4> -> tensor<16x64xf16, #blocked>
    %7 = arith.extf %6 : tensor<16x64xf16, #blocked> to tensor<16x64xf32, #blocked>
    %8 = tile.load %arg3[%3, %2, %1] : !tile.view<f32, 3> -> tensor<16xf32, #rows>
    %9 = arith.maximumf %5, %8 : tensor<16xf32, #rows>
    %10 = arith.cmpf oeq, %9, %cst_2 : tensor<16xf32, #rows>
    %11 = arith.select %10, %cst_0, %9 : tensor<16xi1, #rows>, tensor<16xf32, #rows>
    %12 = arith.subf %5, %11 : tensor<16xf32, #rows>
    %13 = math.exp %12 : tensor<16xf32, #rows>
    %14 = arith.subf %8, %11 : tensor<16xf32, #rows>
    %15 = math.exp %14 : tensor<16xf32, #rows>
    %16 = arith.addf %13, %15 : tensor<16xf32, #rows>
    %17 = arith.cmpf oeq, %16, %cst_1 : tensor<16xf32, #rows>
    %18 = arith.select %17, %cst, %16 : tensor<16xi1, #rows>, tensor<16xf32, #rows>
    %19 = arith.divf %13, %18 : tensor<16xf32, #rows>
    %20 = tile.expand_dims %19 axis 1 : tensor<16xf32, #rows> -> tensor<16x1xf32, #rows>
    %21 = tile.broadcast %20 : tensor<16x1xf32, #rows> -> tensor<16x64xf32, #blocked>
    %22 = arith.mulf %4, %21 : tensor<16x64xf32, #blocked>
    %23 = arith.divf %15, %18 : tensor<16xf32, #rows>
    %24 = tile.expand_dims %23 axis 1 : tensor<16xf32, #rows> -> tensor<16x1xf32, #rows>
    %25 = tile.broadcast %24 : tensor<16x1xf32, #rows> -> tensor<16x64xf32, #blocked>
    %26 = arith.mulf %7, %25 : tensor<16x64xf32, #blocked>
    %27 = arith.addf %22, %26 : tensor<16x64xf32, #blocked>
    tile.store %27, %arg0[%3, %2, %1, %c0_i32] : tensor<16x64xf32, #blocked> -> !tile.view<f32, 4>
    %28 = math.log %16 : tensor<16xf32, #rows>
    %29 = arith.addf %11, %28 : tensor<16xf32, #rows>
    tile.store %29, %arg1[%3, %2, %1] : tensor<16xf32, #rows> -> !tile.view<f32, 3>
    return
  }
}

