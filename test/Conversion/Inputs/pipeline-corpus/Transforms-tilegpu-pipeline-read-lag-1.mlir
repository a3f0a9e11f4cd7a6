#shared = #tilegpu.shared<transposed = false, swizzle = 128>
func.func @too_deep(%v: !tile.view<f16, 2>, %n: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 8 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  scf.for %i = %c0 to %n step %c64 : i32 {
    %vt = tile.load %v[%i, %c0] {tilegpu.read_lag = 1 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
  }
  return
}

