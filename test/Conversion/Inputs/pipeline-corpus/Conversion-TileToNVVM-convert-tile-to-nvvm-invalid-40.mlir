#mma_h = #tilegpu.mma<warpsM = 4, warpsN = 1>
#shared_h = #tilegpu.shared<transposed = false, swizzle = 128>
module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_80a", features = "+ptx80">} {
  func.func @wgmma_on_sm80(%a: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32, tilegpu.shared_bytes = 8192 : i64} {
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma_h>
    %c0 = arith.constant 0 : i32
    %x = tile.load %a[%c0, %c0] {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared_h>
    %d = tile.dot %x, %x, %zero {tilegpu.wgmma} : tensor<64x64xf16, #shared_h>, tensor<64x64xf16, #shared_h> -> tensor<64x64xf32, #mma_h>
    tile.store %d, %o[%c0, %c0] : tensor<64x64xf32, #mma_h> -> !tile.view<f32, 2>
    return
  }
}

