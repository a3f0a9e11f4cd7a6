#mma = #tilegpu.mma<warpsM = 8, warpsN = 1>
func.func @synchronous(%lb: i32, %ub: i32, %v_in: tensor<64x64xf16>) {
  %c64 = arith.constant 64 : i32
  %zero_p = arith.constant dense<0.0> : tensor<128x64xf16, #mma>
  %acc0 = arith.constant dense<0.0> : tensor<128x64xf32, #mma>
  %r:2 = scf.for %j = %lb to %ub step %c64 iter_args(%acc = %acc0, %p = %zero_p) -> (tensor<128x64xf32, #mma>, tensor<128x64xf16, #mma>) : i32 {
    %o = tile.dot %p, %v_in, %acc {tilegpu.rotated} : tensor<128x64xf16, #mma>, tensor<64x64xf16> -> tensor<128x64xf32, #mma>
    %p2 = "test.p"(%j, %o) : (i32, tensor<128x64xf32, #mma>) -> tensor<128x64xf16, #mma>
    scf.yield %o, %p2 : tensor<128x64xf32, #mma>, tensor<128x64xf16, #mma>
  }
  "test.use"(%r#0) : (tensor<128x64xf32, #mma>) -> ()
  return
}

