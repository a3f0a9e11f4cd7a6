#shared = #tilegpu.shared<transposed = false, swizzle = 128>
func.func @unrepeatable_index(%q: !tile.view<f16, 2> {tile.role = "input"}, %k: !tile.view<f16, 2> {tile.role = "input"}, %n: i32, %total: i32)
    attributes {tile.kernel, tile.num_warps = 8 : i32, tile.num_stages = 2 : i32, tile.warp_specialize = true} {
  %first = tile.program_id 0
  %step = tile.num_programs 0
  scf.for %t = %first to %total step %step : i32 {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %row = "test.index"(%t) : (i32) -> i32
    %qt = tile.load %q[%row, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<128x64xf16, #shared>
    scf.for %i = %c0 to %n step %c64 : i32 {
      %kt = tile.load %k[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
      "test.use"(%qt, %kt) : (tensor<128x64xf16, #shared>, tensor<64x64xf16, #shared>) -> ()
    }
  } {tilegpu.persistent}
  return
}

