#shared = #tilegpu.shared<transposed = false, swizzle = 128>
func.func @programs(%k: !tile.view<f16, 2> {tile.role = "input"}, %n: i32, %q: !tile.view<f16, 2> {tile.role = "input"}, %total: i32)
    attributes {tile.kernel, tile.num_warps = 8 : i32, tile.num_stages = 2 : i32, tile.warp_specialize = true, tilegpu.persistent} {
  %first = tile.program_id 0
  %step = tile.num_programs 0
  scf.for %t = %first to %total step %step : i32 {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %row = arith.muli %t, %c64 : i32
    %qt = tile.load %q[%t, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    %mid = arith.addi %row, %n : i32
    scf.for %i = %c0 to %row step %c64 : i32 {
      %kt = tile.load %k[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
      "test.use"(%qt, %kt) : (tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared>) -> ()
    }
    scf.for %i = %row to %mid step %c64 : i32 {
      %kt = tile.load %k[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
      "test.masked"(%qt, %kt) : (tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared>) -> ()
    }
    "test.store"(%row) : (i32) -> ()
  } {tilegpu.persistent}
  return
}
func.func @programs_unspecialized(%k: !tile.view<f16, 2> {tile.role = "input"}, %total: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32, tilegpu.persistent} {
  %first = tile.program_id 0
  %step = tile.num_programs 0
  scf.for %t = %first to %total step %step : i32 {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %row = arith.muli %t, %c64 : i32
    scf.for %i = %c0 to %row step %c64 : i32 {
      %kt = tile.load %k[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
      "test.use"(%kt) : (tensor<64x64xf16, #shared>) -> ()
    }
  } {tilegpu.persistent}
  return
}

