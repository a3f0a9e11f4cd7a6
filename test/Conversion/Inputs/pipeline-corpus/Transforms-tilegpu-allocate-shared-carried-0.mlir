#shared = #tilegpu.shared<transposed = false, swizzle = 128>
func.func @carried_out(%a: !tile.view<f16, 2>, %b: !tile.view<f16, 2>, %n: i32) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c128 = arith.constant 128 : i32
  %first = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<128x128xf16, #shared>
  %last = scf.for %i = %c0 to %n step %c128 iter_args(%x = %first) -> (tensor<128x128xf16, #shared>) : i32 {
    %t = tile.load %a[%i, %c0] : !tile.view<f16, 2> -> tensor<128x128xf16, #shared>
    "test.use"(%x) : (tensor<128x128xf16, #shared>) -> ()
    scf.yield %t : tensor<128x128xf16, #shared>
  }
  %y = tile.load %b[%c0, %c0] : !tile.view<f16, 2> -> tensor<128x128xf16, #shared>
  "test.use"(%last, %y) : (tensor<128x128xf16, #shared>, tensor<128x128xf16, #shared>) -> ()
  return
}

