// RUN: tessera-opt %s -allow-unregistered-dialect -split-input-file -verify-diagnostics -tilegpu-pipeline -tilegpu-warp-specialize -o /dev/null

// The producer cannot recompute a loop bound an op with unknown effects
// computes.
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
func.func @bound(%k: !tile.view<f16, 2> {tile.role = "input"}, %n: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32, tile.warp_specialize = true} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  // expected-error @below {{cannot warp-specialize: the producer warp needs this value}}
  %end = "test.bound"(%n) : (i32) -> i32
  scf.for %i = %c0 to %end step %c64 : i32 {
    %kt = tile.load %k[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    "test.use"(%kt) : (tensor<64x64xf16, #shared>) -> ()
  }
  return
}

// -----

// Consumers must be whole warpgroups.
#shared = #tilegpu.shared<transposed = false, swizzle = 128>
// expected-error @below {{cannot warp-specialize a kernel of 2 warps}}
func.func @warps(%k: !tile.view<f16, 2> {tile.role = "input"}, %n: i32)
    attributes {tile.kernel, tile.num_warps = 2 : i32, tile.num_stages = 2 : i32, tile.warp_specialize = true} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  scf.for %i = %c0 to %n step %c64 : i32 {
    %kt = tile.load %k[%i, %c0] {tilegpu.tma} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
    "test.use"(%kt) : (tensor<64x64xf16, #shared>) -> ()
  }
  return
}
