#mma = #tilegpu.mma<warpsM = 8, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
func.func @programs(%q: !tile.view<f16, 2> {tile.role = "input"}, %k: !tile.view<f16, 2> {tile.role = "input"}, %n: i32, %total: i32)
    attributes {tile.kernel, tile.num_warps = 8 : i32, tile.num_stages = 2 : i32, tile.warp_specialize = true} {
  %first = tile.program_id 0
  %step = tile.num_programs 0
  scf.for %t = %first to %total step %step : i32 {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %qt = tile.load %q[%t, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<128x64xf16, #shared>
    %init = "test.acc"() : () -> tensor<128x64xf32, #mma>
    %acc = scf.for %i = %c0 to %n step %c64 iter_args(%o = %init) -> (tensor<128x64xf32, #mma>) : i32 {
      %kt = tile.load %k[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
      %s = tile.dot %qt, %kt, %o {tilegpu.async} : tensor<128x64xf16, #shared>, tensor<64x64xf16, #shared> -> tensor<128x64xf32, #mma>
      %w = tilegpu.dot_wait %s {pendings = 0 : i32} : tensor<128x64xf32, #mma>
      scf.yield %w : tensor<128x64xf32, #mma>
    }
    %kt = "test.k"() : () -> tensor<64x64xf16, #shared>
    %last = tile.dot %qt, %kt, %acc {tilegpu.async} : tensor<128x64xf16, #shared>, tensor<64x64xf16, #shared> -> tensor<128x64xf32, #mma>
    "test.between"() : () -> ()
    %done = tilegpu.dot_wait %last {pendings = 0 : i32} : tensor<128x64xf32, #mma>
    "test.epilogue"(%done) : (tensor<128x64xf32, #mma>) -> ()
  } {tilegpu.persistent}
  return
}

