func.func @row_max_branch(%q: !tile.view<f16, 2> {tile.role = "input"}, %k: !tile.view<f16, 2> {tile.role = "input"}, %v: !tile.view<f16, 2> {tile.role = "input"}, %o: !tile.view<f32, 2> {tile.role = "output"}, %n: i32, %scale: f32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant 0.0 : f32
  %qt = tile.load %q[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %init = arith.constant dense<0.0> : tensor<64x64xf32>
  %r = scf.for %i = %c0 to %n step %c64 iter_args(%acc = %init) -> (tensor<64x64xf32>) : i32 {
    %kt = tile.load %k[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %vt = tile.load %v[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %ktt = tile.trans %kt : tensor<64x64xf16> -> tensor<64x64xf16>
    %z = arith.constant dense<0.0> : tensor<64x64xf32>
    %s = tile.dot %qt, %ktt, %z : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    %positive = arith.cmpf oge, %scale, %zero : f32
    %mx = scf.if %positive -> (tensor<64xf32>) {
      %rmax = tile.reduce max %s axis 1 : tensor<64x64xf32> -> tensor<64xf32>
      scf.yield %rmax : tensor<64xf32>
    } else {
      %rmin = tile.reduce min %s axis 1 : tensor<64x64xf32> -> tensor<64xf32>
      scf.yield %rmin : tensor<64xf32>
    }
    %mxe = tile.expand_dims %mx axis 1 : tensor<64xf32> -> tensor<64x1xf32>
    %mxb = tile.broadcast %mxe : tensor<64x1xf32> -> tensor<64x64xf32>
    %t = arith.subf %s, %mxb : tensor<64x64xf32>
    %e = math.exp2 %t : tensor<64x64xf32>
    %sum = tile.reduce sum %e axis 1 : tensor<64x64xf32> -> tensor<64xf32>
    %half = arith.constant dense<0.5> : tensor<64x64xf32>
    %scaled = arith.mulf %acc, %half : tensor<64x64xf32>
    %p = arith.truncf %e : tensor<64x64xf32> to tensor<64x64xf16>
    %a = tile.dot %p, %vt, %scaled : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    scf.yield %a : tensor<64x64xf32>
  }
  tile.store %r, %o[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  return
}

