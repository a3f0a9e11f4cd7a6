func.func @ws(%k: !tile.view<f16, 3> {tile.name = "K", tile.role = "input"}, %o: !tile.view<f32, 2> {tile.name = "O", tile.role = "output"}, %n: i32)
    attributes {tile.kernel, tile.num_warps = 8 : i32, tile.num_stages = 2 : i32, tile.warp_specialize = true} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %bh = tile.program_id 1
  scf.for %i = %c0 to %n step %c64 : i32 {
    %kt = tile.load %k[%bh, %i, %c0] {tilegpu.tma} : !tile.view<f16, 3> -> tensor<64x128xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
    "test.use"(%kt) : (tensor<64x128xf16, #tilegpu.shared<transposed = false, swizzle = 128>>) -> ()
  }
  return
}

