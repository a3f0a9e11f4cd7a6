#shared = #tilegpu.shared<transposed = false, swizzle = 128>
func.func @attention(%k: !tile.view<f16, 2> {tile.role = "input"}, %v: !tile.view<f16, 2> {tile.role = "input"}, %o: !tile.view<f16, 2> {tile.role = "input"}, %n: i32)
    attributes {tile.kernel, tile.num_warps = 8 : i32, tile.num_stages = 2 : i32, tile.warp_specialize = true} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %pid = tile.program_id 0
  %end = arith.muli %pid, %n : i32
  scf.for %i = %c0 to %end step %c64 : i32 {
    %kt = tile.load %k[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    %vt = tile.load %v[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    "test.use"(%kt) : (tensor<64x64xf16, #shared>) -> ()
    "test.use"(%vt) : (tensor<64x64xf16, #shared>) -> ()
  }
  %ot = tile.load %o[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
  "test.after"(%ot) : (tensor<64x64xf16, #shared>) -> ()
  return
}
func.func @mixed(%k: !tile.view<f16, 2> {tile.role = "input"}, %v: !tile.view<f16, 2> {tile.role = "input"}, %n: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32, tile.warp_specialize = true} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  scf.for %i = %c0 to %n step %c64 : i32 {
    %kt = tile.load %k[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    %vt = tile.load %v[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    "test.use"(%kt) : (tensor<64x64xf16, #shared>) -> ()
    "test.use"(%vt) : (tensor<64x64xf16, #shared>) -> ()
  }
  return
}
func.func @two_loops(%k: !tile.view<f16, 2> {tile.role = "input"}, %v: !tile.view<f16, 2> {tile.role = "input"}, %n: i32, %m: i32)
    attributes {tile.kernel, tile.num_warps = 8 : i32, tile.num_stages = 2 : i32, tile.warp_specialize = true} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  scf.for %i = %c0 to %n step %c64 : i32 {
    %kt = tile.load %k[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    "test.use"(%kt) : (tensor<64x64xf16, #shared>) -> ()
  }
  scf.for %i = %n to %m step %c64 : i32 {
    %kt = tile.load %k[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    %vt = tile.load %v[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    "test.masked"(%kt, %vt) : (tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared>) -> ()
  }
  return
}
#lse = #tilegpu.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]>
func.func @prefetched(%k: !tile.view<f16, 2> {tile.role = "input"}, %lse: !tile.view<f32, 1> {tile.role = "input"}, %n: i32)
    attributes {tile.kernel, tile.num_warps = 8 : i32, tile.num_stages = 2 : i32, tile.warp_specialize = true, tile.prefetch_registers = true} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  scf.for %i = %c0 to %n step %c64 : i32 {
    %kt = tile.load %k[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    %l = tile.load %lse[%i] : !tile.view<f32, 1> -> tensor<64xf32, #lse>
    "test.use"(%kt, %l) : (tensor<64x64xf16, #shared>, tensor<64xf32, #lse>) -> ()
  }
  return
}

