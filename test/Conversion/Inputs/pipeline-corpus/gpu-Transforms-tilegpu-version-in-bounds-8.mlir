#blocked = #tilegpu.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>
#map = affine_map<()[s0, s1] -> (s0)>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  func.func @nested(%arg0: !tile.view<f32, 2> {tile.name = "X", tile.role = "inout", tile.shape = ["M", "N"]}) attributes {tile.grid = #map, tile.kernel, tile.num_warps = 1 : i32, tile.sizes = ["M", "N"], tilegpu.shared_bytes = 0 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c3_i32 = arith.constant 3 : i32
    %c8_i32 = arith.constant 8 : i32
    %c8_i64 = arith.constant 8 : i64
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %0 = tile.program_id 0
    %1 = arith.extsi %0 : i32 to i64
    %2 = tile.dim %arg0, 0 : !tile.view<f32, 2>
    %3 = arith.extsi %2 : i32 to i64
    %4 = arith.addi %1, %c1_i64 : i64
    %5 = arith.cmpi sge, %1, %c0_i64 : i64
    %6 = arith.cmpi sle, %4, %3 : i64
    %7 = arith.andi %5, %6 : i1
    %8 = tile.dim %arg0, 1 : !tile.view<f32, 2>
    %9 = arith.extsi %8 : i32 to i64
    %10 = arith.cmpi sge, %9, %c8_i64 : i64
    %11 = arith.andi %7, %10 : i1
    %12 = arith.andi %11, %7 : i1
    %13 = arith.andi %12, %7 : i1
    scf.if %13 {
      %14 = tile.load %arg0[%0, %c0_i32] {in_bounds = array<i1: true, true>} : !tile.view<f32, 2> -> tensor<1x8xf32, #blocked>
      scf.for %arg1 = %c0_i32 to %c3_i32 step %c1_i32  : i32 {
        scf.for %arg2 = %c8_i32 to %8 step %c8_i32  : i32 {
          %15 = arith.extsi %arg2 : i32 to i64
          %16 = arith.addi %15, %c8_i64 : i64
          %17 = arith.cmpi sge, %15, %c0_i64 : i64
          %18 = arith.cmpi sle, %16, %9 : i64
          %19 = arith.andi %17, %18 : i1
          %20 = arith.andi %19, %19 : i1
          scf.if %20 {
            %21 = tile.load %arg0[%0, %arg2] {in_bounds = array<i1: true, true>} : !tile.view<f32, 2> -> tensor<1x8xf32, #blocked>
            %22 = arith.addf %21, %14 : tensor<1x8xf32, #blocked>
            tile.store %22, %arg0[%0, %arg2] {in_bounds = array<i1: true, true>} : tensor<1x8xf32, #blocked> -> !tile.view<f32, 2>
          } else {
            %21 = tile.load %arg0[%0, %arg2] {in_bounds = array<i1: true, false>} : !tile.view<f32, 2> -> tensor<1x8xf32, #blocked>
            %22 = arith.addf %21, %14 : tensor<1x8xf32, #blocked>
            tile.store %22, %arg0[%0, %arg2] {in_bounds = array<i1: true, false>} : tensor<1x8xf32, #blocked> -> !tile.view<f32, 2>
          }
        }
      }
    } else {
      %14 = tile.load %arg0[%0, %c0_i32] : !tile.view<f32, 2> -> tensor<1x8xf32, #blocked>
      scf.for %arg1 = %c0_i32 to %c3_i32 step %c1_i32  : i32 {
        scf.for %arg2 = %c8_i32 to %8 step %c8_i32  : i32 {
          %15 = arith.extsi %arg2 : i32 to i64
          %16 = arith.addi %15, %c8_i64 : i64
          %17 = arith.cmpi sge, %15, %c0_i64 : i64
          %18 = arith.cmpi sle, %16, %9 : i64
          %19 = arith.andi %17, %18 : i1
          %20 = arith.andi %7, %19 : i1
          %21 = arith.andi %20, %7 : i1
          %22 = arith.andi %21, %19 : i1
          scf.if %22 {
            %23 = tile.load %arg0[%0, %arg2] {in_bounds = array<i1: true, true>} : !tile.view<f32, 2> -> tensor<1x8xf32, #blocked>
            %24 = arith.addf %23, %14 : tensor<1x8xf32, #blocked>
            tile.store %24, %arg0[%0, %arg2] {in_bounds = array<i1: true, true>} : tensor<1x8xf32, #blocked> -> !tile.view<f32, 2>
          } else {
            %23 = tile.load %arg0[%0, %arg2] : !tile.view<f32, 2> -> tensor<1x8xf32, #blocked>
            %24 = arith.addf %23, %14 : tensor<1x8xf32, #blocked>
            tile.store %24, %arg0[%0, %arg2] : tensor<1x8xf32, #blocked> -> !tile.view<f32, 2>
          }
        }
      }
    }
    return
  }
}

