#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
func.func @not_invariant(%q: !tile.view<f16, 2>, %o: !tile.view<f32, 2>, %n: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %z = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %s = scf.for %j = %c0 to %n step %c64 iter_args(%acc = %z) -> (tensor<64x64xf32, #mma>) : i32 {
    %qs = tile.load %q[%j, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    %d = tile.dot %qs, %qs, %acc : tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared> -> tensor<64x64xf32, #mma>
    scf.yield %d : tensor<64x64xf32, #mma>
  }
  %wide = tile.load %q[%c0, %c0] {tilegpu.shared_offset = 8192 : i64} : !tile.view<f16, 2> -> tensor<64x256xf16, #shared>
  %b = tile.load %q[%c0, %c0] {tilegpu.shared_offset = 40960 : i64} : !tile.view<f16, 2> -> tensor<256x64xf16, #shared>
  %t = scf.for %j = %c0 to %n step %c64 iter_args(%acc = %s) -> (tensor<64x64xf32, #mma>) : i32 {
    %d = tile.dot %wide, %b, %acc : tensor<64x256xf16, #shared>, tensor<256x64xf16, #shared> -> tensor<64x64xf32, #mma>
    scf.yield %d : tensor<64x64xf32, #mma>
  }
  %qs = tile.load %q[%c0, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
  %u = tile.dot %qs, %qs, %t : tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared> -> tensor<64x64xf32, #mma>
  tile.store %u, %o[%c0, %c0] : tensor<64x64xf32, #mma> -> !tile.view<f32, 2>
  return
}

