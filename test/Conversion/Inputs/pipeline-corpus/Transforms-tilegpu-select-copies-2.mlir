#shared = #tilegpu.shared<transposed = false, swizzle = 128>
#swizzle64 = #tilegpu.shared<transposed = false, swizzle = 64>
func.func @program_tiles(%q: !tile.view<f16, 2> {tile.role = "input"}, %k: !tile.view<f16, 2> {tile.role = "input"},
                         %o: !tile.view<f16, 2> {tile.role = "output"}, %n: i32, %total: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32, tile.warp_specialize = true} {
  %first = tile.program_id 0
  %step = tile.num_programs 0
  scf.for %t = %first to %total step %step : i32 {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %qt = tile.load %q[%t, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    %ot = tile.load %o[%t, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    %st = tile.load %q[%t, %c0] : !tile.view<f16, 2> -> tensor<64x32xf16, #swizzle64>
    scf.for %i = %c0 to %n step %c64 : i32 {
      %kt = tile.load %k[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    }
  } {tilegpu.persistent}
  return
}
func.func @plain(%q: !tile.view<f16, 2> {tile.role = "input"}, %k: !tile.view<f16, 2> {tile.role = "input"}, %n: i32, %total: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32} {
  %first = tile.program_id 0
  %step = tile.num_programs 0
  scf.for %t = %first to %total step %step : i32 {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %qt = tile.load %q[%t, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    scf.for %i = %c0 to %n step %c64 : i32 {
      %kt = tile.load %k[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    }
  } {tilegpu.persistent}
  return
}
func.func @one_program(%q: !tile.view<f16, 2> {tile.role = "input"}, %k: !tile.view<f16, 2> {tile.role = "input"}, %n: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32, tile.warp_specialize = true} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %qt = tile.load %q[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
  scf.for %i = %c0 to %n step %c64 : i32 {
    %kt = tile.load %k[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
  }
  return
}

