#mma = #tilegpu.mma<warpsM = 8, warpsN = 1>
func.func @rotated(%lb: i32, %ub: i32, %q: tensor<128x64xf16>) -> tensor<128x64xf32, #mma> {
  %c64 = arith.constant 64 : i32
  %zero_p = arith.constant dense<0.0> : tensor<128x64xf16, #mma>
  %acc0 = arith.constant dense<0.0> : tensor<128x64xf32, #mma>
  %v_first = "test.v"(%lb) : (i32) -> tensor<64x64xf16>
  %r:3 = scf.for %j = %lb to %ub step %c64 iter_args(%acc = %acc0, %p = %zero_p, %v = %v_first) -> (tensor<128x64xf32, #mma>, tensor<128x64xf16, #mma>, tensor<64x64xf16>) : i32 {
    %k = "test.k"(%j) : (i32) -> tensor<64x64xf16>
    tilegpu.turn_wait
    %s = tile.dot %q, %k, %acc0 {tilegpu.async} : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32, #mma>
    %o = tile.dot %p, %v, %acc {tilegpu.async, tilegpu.rotated} : tensor<128x64xf16, #mma>, tensor<64x64xf16> -> tensor<128x64xf32, #mma>
    tilegpu.turn_pass
    %sw = tilegpu.dot_wait %s {pendings = 1 : i32} : tensor<128x64xf32, #mma>
    %p2 = "test.softmax"(%sw) : (tensor<128x64xf32, #mma>) -> tensor<128x64xf16, #mma>
    %ow = tilegpu.dot_wait %o {pendings = 0 : i32} : tensor<128x64xf32, #mma>
    %rescaled = arith.mulf %ow, %ow : tensor<128x64xf32, #mma>
    %v2 = "test.v"(%j) : (i32) -> tensor<64x64xf16>
    scf.yield %rescaled, %p2, %v2 : tensor<128x64xf32, #mma>, tensor<128x64xf16, #mma>, tensor<64x64xf16>
  }
  %last = tile.dot %r#1, %r#2, %r#0 {tilegpu.async} : tensor<128x64xf16, #mma>, tensor<64x64xf16> -> tensor<128x64xf32, #mma>
  %lw = tilegpu.dot_wait %last {pendings = 0 : i32} : tensor<128x64xf32, #mma>
  return %lw : tensor<128x64xf32, #mma>
}

