#mma = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
func.func @invariant_q(%q: !tile.view<f16, 2>, %k: !tile.view<f16, 2>, %o: !tile.view<f32, 2>, %n: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %qs = tile.load %q[%c0, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
  %z = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %r = scf.for %h = %c0 to %c1 step %c1 iter_args(%acc0 = %z) -> (tensor<64x64xf32, #mma>) : i32 {
    %s = scf.for %j = %c0 to %n step %c64 iter_args(%acc = %acc0) -> (tensor<64x64xf32, #mma>) : i32 {
      %ks = tile.load %k[%j, %c0] {tilegpu.shared_offset = 8192 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
      %kt = tile.trans %ks : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #tilegpu.shared<transposed = true, swizzle = 128>>
      %d = tile.dot %qs, %kt, %acc : tensor<64x64xf16, #shared>, tensor<64x64xf16, #tilegpu.shared<transposed = true, swizzle = 128>> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    scf.yield %s : tensor<64x64xf32, #mma>
  }
  tile.store %r, %o[%c0, %c0] : tensor<64x64xf32, #mma> -> !tile.view<f32, 2>
  return
}

