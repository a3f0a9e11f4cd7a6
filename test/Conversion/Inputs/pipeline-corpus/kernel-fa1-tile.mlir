#map = affine_map<()[s0, s1] -> (s0)>
module {
  func.func @fa1(%arg0: !tile.view<f16, 3> {tile.name = "Q", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg1: !tile.view<f16, 3> {tile.name = "K", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg2: !tile.view<f16, 3> {tile.name = "V", tile.role = "input", tile.shape = ["BH", "N", 64]}, %arg3: f32 {tile.name = "sm_scale"}, %arg4: !tile.view<f16, 3> {tile.name = "Out", tile.role = "output", tile.shape = ["BH", "N", 64]}, %arg5: !tile.view<f32, 3> {tile.init = 0.000000e+00 : f32, tile.name = "Acc", tile.role = "inout", tile.shape = ["BH", "N", 64]}, %arg6: !tile.view<f32, 2> {tile.init = 0xFF800000 : f32, tile.name = "M", tile.role = "inout", tile.shape = ["BH", "N"]}, %arg7: !tile.view<f32, 2> {tile.init = 0.000000e+00 : f32, tile.name = "L", tile.role = "inout", tile.shape = ["BH", "N"]}) attributes {tile.constants = {BLOCK_M = 64 : i64, BLOCK_N = 64 : i64, CAUSAL = false, DTYPE = f16, HEAD_DIM = 64 : i64, NUM_STAGES = 1 : i64, NUM_WARPS = 4 : i64}, tile.grid = #map, tile.kernel, tile.num_stages = 1 : i32, tile.num_warps = 4 : i32, tile.sizes = ["BH", "N"]} {
    %0 = tile.dim %arg0, 1 : !tile.view<f16, 3>
    %1 = tile.program_id 0
    %cst = arith.constant 1.44269502 : f32
    %2 = arith.mulf %arg3, %cst : f32
    %3 = tile.iota : tensor<64xi32>
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    scf.for %arg8 = %c0_i32 to %0 step %c64_i32  : i32 {
      %c0_i32_2 = arith.constant 0 : i32
      %4 = tile.load %arg1[%1, %arg8, %c0_i32_2] : !tile.view<f16, 3> -> tensor<64x64xf16>
      %c0_i32_3 = arith.constant 0 : i32
      %5 = tile.load %arg2[%1, %arg8, %c0_i32_3] : !tile.view<f16, 3> -> tensor<64x64xf16>
      %6 = tile.splat %arg8 : i32 -> tensor<64xi32>
      %7 = arith.addi %6, %3 : tensor<64xi32>
      %c0_i32_4 = arith.constant 0 : i32
      %c64_i32_5 = arith.constant 64 : i32
      scf.for %arg9 = %c0_i32_4 to %0 step %c64_i32_5  : i32 {
        %c0_i32_6 = arith.constant 0 : i32
        %8 = tile.load %arg0[%1, %arg9, %c0_i32_6] : !tile.view<f16, 3> -> tensor<64x64xf16>
        %9 = tile.load %arg6[%1, %arg9] : !tile.view<f32, 2> -> tensor<64xf32>
        %10 = tile.load %arg7[%1, %arg9] : !tile.view<f32, 2> -> tensor<64xf32>
        %c0_i32_7 = arith.constant 0 : i32
        %11 = tile.load %arg5[%1, %arg9, %c0_i32_7] : !tile.view<f32, 3> -> tensor<64x64xf32>
        %12 = tile.expand_dims %10 axis 1 : tensor<64xf32> -> tensor<64x1xf32>
        %13 = tile.broadcast %12 : tensor<64x1xf32> -> tensor<64x64xf32>
        %14 = arith.mulf %11, %13 : tensor<64x64xf32>
        %15 = tile.trans %4 : tensor<64x64xf16> -> tensor<64x64xf16>
        %cst_8 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
        %16 = tile.dot %8, %15, %cst_8 : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
        %17 = tile.expand_dims %7 axis 0 : tensor<64xi32> -> tensor<1x64xi32>
        %18 = tile.splat %0 : i32 -> tensor<1x64xi32>
        %19 = arith.cmpi slt, %17, %18 : tensor<1x64xi32>
        %20 = tile.broadcast %19 : tensor<1x64xi1> -> tensor<64x64xi1>
        %cst_9 = arith.constant dense<0xFF800000> : tensor<64x64xf32>
        %21 = arith.select %20, %16, %cst_9 : tensor<64x64xi1>, tensor<64x64xf32>
        %newM, %newL, %newAcc = tile.online_softmax %21, %5, %9, %10, %14 scale %2 : tensor<64x64xf32>, tensor<64x64xf16>, tensor<64xf32>, tensor<64x64xf32>
        %cst_10 = arith.constant dense<0.000000e+00> : tensor<64xf32>
        %22 = arith.cmpf oeq, %newL, %cst_10 : tensor<64xf32>
        %cst_11 = arith.constant dense<1.000000e+00> : tensor<64xf32>
        %23 = arith.select %22, %cst_11, %newL : tensor<64xi1>, tensor<64xf32>
        %24 = tile.expand_dims %23 axis 1 : tensor<64xf32> -> tensor<64x1xf32>
        %25 = tile.broadcast %24 : tensor<64x1xf32> -> tensor<64x64xf32>
        %26 = arith.divf %newAcc, %25 : tensor<64x64xf32>
        %c0_i32_12 = arith.constant 0 : i32
        tile.store %26, %arg5[%1, %arg9, %c0_i32_12] : tensor<64x64xf32> -> !tile.view<f32, 3>
        tile.store %newM, %arg6[%1, %arg9] : tensor<64xf32> -> !tile.view<f32, 2>
        tile.store %newL, %arg7[%1, %arg9] : tensor<64xf32> -> !tile.view<f32, 2>
      }
    }
    %c0_i32_0 = arith.constant 0 : i32
    %c64_i32_1 = arith.constant 64 : i32
    scf.for %arg8 = %c0_i32_0 to %0 step %c64_i32_1  : i32 {
      %c0_i32_2 = arith.constant 0 : i32
      %4 = tile.load %arg5[%1, %arg8, %c0_i32_2] : !tile.view<f32, 3> -> tensor<64x64xf32>
      %5 = arith.truncf %4 : tensor<64x64xf32> to tensor<64x64xf16>
      %c0_i32_3 = arith.constant 0 : i32
      tile.store %5, %arg4[%1, %arg8, %c0_i32_3] : tensor<64x64xf16> -> !tile.view<f16, 3>
    }
    return
  }
}

