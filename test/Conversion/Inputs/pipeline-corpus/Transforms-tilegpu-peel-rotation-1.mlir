#mma = #tilegpu.mma<warpsM = 8, warpsN = 1>
func.func @kept(%lb: i32, %ub: i32, %q: tensor<128x64xf16>, %p_in: tensor<128x64xf16, #mma>, %v_in: tensor<64x64xf16>) {
  %c64 = arith.constant 64 : i32
  %zero_p = arith.constant dense<0.0> : tensor<128x64xf16, #mma>
  %acc0 = arith.constant dense<0.0> : tensor<128x64xf32, #mma>
  %r:2 = scf.for %j = %lb to %ub step %c64 iter_args(%acc = %acc0, %p = %p_in) -> (tensor<128x64xf32, #mma>, tensor<128x64xf16, #mma>) : i32 {
    %o = tile.dot %p, %v_in, %acc {tilegpu.async, tilegpu.rotated} : tensor<128x64xf16, #mma>, tensor<64x64xf16> -> tensor<128x64xf32, #mma>
    %ow = tilegpu.dot_wait %o {pendings = 0 : i32} : tensor<128x64xf32, #mma>
    %p2 = "test.p"(%ow) : (tensor<128x64xf32, #mma>) -> tensor<128x64xf16, #mma>
    scf.yield %ow, %p2 : tensor<128x64xf32, #mma>, tensor<128x64xf16, #mma>
  }
  %u:2 = scf.for %j = %lb to %ub step %c64 iter_args(%acc = %acc0, %p = %zero_p) -> (tensor<128x64xf32, #mma>, tensor<128x64xf16, #mma>) : i32 {
    %o = tile.dot %p, %v_in, %acc {tilegpu.async} : tensor<128x64xf16, #mma>, tensor<64x64xf16> -> tensor<128x64xf32, #mma>
    %ow = tilegpu.dot_wait %o {pendings = 0 : i32} : tensor<128x64xf32, #mma>
    %p2 = "test.p"(%ow) : (tensor<128x64xf32, #mma>) -> tensor<128x64xf16, #mma>
    scf.yield %ow, %p2 : tensor<128x64xf32, #mma>, tensor<128x64xf16, #mma>
  }
  "test.use"(%r#0, %u#0) : (tensor<128x64xf32, #mma>, tensor<128x64xf32, #mma>) -> ()
  return
}
func.func @shared_wait(%lb: i32, %ub: i32, %q: tensor<128x64xf16>, %v_in: tensor<64x64xf16>) {
  %c64 = arith.constant 64 : i32
  %zero_p = arith.constant dense<0.0> : tensor<128x64xf16, #mma>
  %acc0 = arith.constant dense<0.0> : tensor<128x64xf32, #mma>
  %r:2 = scf.for %j = %lb to %ub step %c64 iter_args(%acc = %acc0, %p = %zero_p) -> (tensor<128x64xf32, #mma>, tensor<128x64xf16, #mma>) : i32 {
    %o = tile.dot %p, %v_in, %acc {tilegpu.async, tilegpu.rotated} : tensor<128x64xf16, #mma>, tensor<64x64xf16> -> tensor<128x64xf32, #mma>
    %s = tile.dot %q, %v_in, %acc0 {tilegpu.async} : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32, #mma>
    %w:2 = tilegpu.dot_wait %s, %o {pendings = 0 : i32} : tensor<128x64xf32, #mma>, tensor<128x64xf32, #mma>
    %p2 = "test.p"(%w#0) : (tensor<128x64xf32, #mma>) -> tensor<128x64xf16, #mma>
    scf.yield %w#1, %p2 : tensor<128x64xf32, #mma>, tensor<128x64xf16, #mma>
  }
  "test.use"(%r#0) : (tensor<128x64xf32, #mma>) -> ()
  return
}

