#shared = #tilegpu.shared<transposed = false, swizzle = 128>
#swizzle64 = #tilegpu.shared<transposed = false, swizzle = 64>
func.func @select(%k: !tile.view<f16, 2> {tile.role = "input"}, %v: !tile.view<bf16, 3> {tile.role = "input"},
                  %w: !tile.view<f16, 2> {tile.role = "input"}, %n: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %q = tile.load %k[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
  %narrow = tile.narrow %k, 0, %c64, %c64 : !tile.view<f16, 2>
  scf.for %i = %c0 to %n step %c64 : i32 {
    %kt = tile.load %k[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    %vt = tile.load %v[%c0, %i, %c0] : !tile.view<bf16, 3> -> tensor<128x128xbf16, #shared>
    %wt = tile.load %w[%i, %c0] : !tile.view<f16, 2> -> tensor<64x32xf16, #swizzle64>
    %st = tile.load %w[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16, #swizzle64>
    %nt = tile.load %narrow[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
  }
  return
}

