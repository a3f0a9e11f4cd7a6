#mma = #tilegpu.mma<warpsM = 1, warpsN = 1>
#sharedA = #tilegpu.shared<transposed = false, swizzle = 64>
#sharedB = #tilegpu.shared<transposed = false, swizzle = 32>
func.func @invariant_a(%a: !tile.view<f16, 2>, %o: !tile.view<f32, 2>, %n: i32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %as = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<16x32xf16, #sharedA>
  %ar = tilegpu.convert_layout %as : tensor<16x32xf16, #sharedA> -> tensor<16x32xf16, #mma>
  %z = arith.constant dense<0.0> : tensor<16x16xf32, #mma>
  %r = scf.for %j = %c0 to %n step %c16 iter_args(%acc = %z) -> (tensor<16x16xf32, #mma>) : i32 {
    %bs = tile.load %a[%j, %c0] {tilegpu.shared_offset = 1024 : i64} : !tile.view<f16, 2> -> tensor<32x16xf16, #sharedB>
    %d = tile.dot %ar, %bs, %acc : tensor<16x32xf16, #mma>, tensor<32x16xf16, #sharedB> -> tensor<16x16xf32, #mma>
    scf.yield %d : tensor<16x16xf32, #mma>
  }
  tile.store %r, %o[%c0, %c0] : tensor<16x16xf32, #mma> -> !tile.view<f32, 2>
  return
}

