#shared = #tilegpu.shared<transposed = false, swizzle = 128>
func.func @lagged_shared(%k: !tile.view<f16, 2> {tile.role = "input"}, %v: !tile.view<f16, 2> {tile.role = "input"}, %n: i32, %m: i32)
    attributes {tile.kernel, tile.num_warps = 8 : i32, tile.num_stages = 2 : i32, tile.warp_specialize = true} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  scf.for %i = %c0 to %n step %c64 : i32 {
    %kt = tile.load %k[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    %vt = tile.load %v[%i, %c0] {tilegpu.read_lag = 1 : i64, tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    "test.use"(%kt, %vt) : (tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared>) -> ()
  }
  "test.deferred"() : () -> ()
  scf.for %i = %n to %m step %c64 : i32 {
    %kt = tile.load %k[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    %vt = tile.load %v[%i, %c0] {tilegpu.read_lag = 1 : i64, tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    "test.use"(%kt, %vt) : (tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared>) -> ()
  }
  return
}

