func.func @fa2_step(%q: !tile.view<f16, 3>, %k: !tile.view<f16, 3>, %v: !tile.view<f16, 3>,
                    %o: !tile.view<f32, 3>, %i: i32, %n: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %m = arith.constant dense<0xFF800000> : tensor<128xf32>
  %qt = tile.load %q[%i, %c0, %c0] : !tile.view<f16, 3> -> tensor<128x64xf16>
  %kt = tile.load %k[%i, %c0, %c0] : !tile.view<f16, 3> -> tensor<64x64xf16>
  %vt = tile.load %v[%i, %c0, %c0] : !tile.view<f16, 3> -> tensor<64x64xf16>
  %ktt = tile.trans %kt : tensor<64x64xf16> -> tensor<64x64xf16>
  %zero = arith.constant dense<0.0> : tensor<128x64xf32>
  %s = tile.dot %qt, %ktt, %zero : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
  %cols = tile.iota : tensor<64xi32>
  %nn = tile.splat %n : i32 -> tensor<64xi32>
  %inb = arith.cmpi slt, %cols, %nn : tensor<64xi32>
  %inb2 = tile.expand_dims %inb axis 0 : tensor<64xi1> -> tensor<1x64xi1>
  %mask = tile.broadcast %inb2 : tensor<1x64xi1> -> tensor<128x64xi1>
  %ninf = arith.constant dense<0xFF800000> : tensor<128x64xf32>
  %sm = arith.select %mask, %s, %ninf : tensor<128x64xi1>, tensor<128x64xf32>
  %mx = tile.reduce max %sm axis 1 : tensor<128x64xf32> -> tensor<128xf32>
  %mn = arith.maximumf %m, %mx : tensor<128xf32>
  %e = tile.expand_dims %mn axis 1 : tensor<128xf32> -> tensor<128x1xf32>
  %b = tile.broadcast %e : tensor<128x1xf32> -> tensor<128x64xf32>
  %d = arith.subf %sm, %b : tensor<128x64xf32>
  %p = math.exp2 %d : tensor<128x64xf32>
  %ph = arith.truncf %p : tensor<128x64xf32> to tensor<128x64xf16>
  %zero2 = arith.constant dense<0.0> : tensor<128x64xf32>
  %acc = tile.dot %ph, %vt, %zero2 : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
  tile.store %acc, %o[%i, %c0, %c0] : tensor<128x64xf32> -> !tile.view<f32, 3>
  return
}

