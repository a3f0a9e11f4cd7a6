#bl = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>
#sw = #tilegpu.shared<transposed = false, swizzle = 128>
func.func @shared_to_blocked(%a: !tile.view<f16, 2>, %o: !tile.view<f16, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %s = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<4x64xf16, #sw>
  %r = tilegpu.convert_layout %s : tensor<4x64xf16, #sw> -> tensor<4x64xf16, #bl>
  tile.store %r, %o[%c0, %c0] : tensor<4x64xf16, #bl> -> !tile.view<f16, 2>
  return
}

