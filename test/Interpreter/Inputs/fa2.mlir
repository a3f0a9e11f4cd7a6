// FlashAttention-2 written by hand in the tile dialect (BLOCK_M = BLOCK_N =
// HEAD_DIM = 64): one program per (Q block, batch·head), m/l/acc loop-carried,
// one final normalization. @fa2_causal also masks keys after the query and
// stops at the diagonal block. Key columns past N are masked to -inf.

!view3 = !tile.view<f16, 3>
!view2 = !tile.view<f32, 2>

func.func @fa2(%Q: !view3 {tile.name = "Q", tile.shape = ["BH", "N", 64], tile.role = "input"},
               %K: !view3 {tile.name = "K", tile.shape = ["BH", "N", 64], tile.role = "input"},
               %V: !view3 {tile.name = "V", tile.shape = ["BH", "N", 64], tile.role = "input"},
               %Out: !view3 {tile.name = "Out", tile.shape = ["BH", "N", 64], tile.role = "output"},
               %Lse: !view2 {tile.name = "Lse", tile.shape = ["BH", "N"], tile.role = "output"},
               %sm_scale: f32 {tile.name = "sm_scale"})
    attributes {tile.kernel, tile.sizes = ["BH", "N"],
                tile.grid = affine_map<()[s0, s1] -> (s1 ceildiv 64, s0)>,
                tile.constants = {BLOCK_M = 64 : i64, BLOCK_N = 64 : i64, HEAD_DIM = 64 : i64, CAUSAL = 0 : i64}} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %pid_m = tile.program_id 0
  %bh = tile.program_id 1
  %m0 = arith.muli %pid_m, %c64 : i32
  %n = tile.dim %K, 1 : !view3
  %q = tile.load %Q[%bh, %m0, %c0] : !view3 -> tensor<64x64xf16>
  %log2e = arith.constant 1.44269504 : f32
  %qk_scale = arith.mulf %sm_scale, %log2e : f32
  %m_init = arith.constant dense<0xFF800000> : tensor<64xf32>
  %l_init = arith.constant dense<0.0> : tensor<64xf32>
  %acc_init = arith.constant dense<0.0> : tensor<64x64xf32>
  %ninf = arith.constant dense<0xFF800000> : tensor<64x64xf32>
  %cols = tile.iota : tensor<64xi32>
  %nt = tile.splat %n : i32 -> tensor<64xi32>
  %r:3 = scf.for %n0 = %c0 to %n step %c64 iter_args(%m = %m_init, %l = %l_init, %acc = %acc_init)
      -> (tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>) : i32 {
    %k = tile.load %K[%bh, %n0, %c0] : !view3 -> tensor<64x64xf16>
    %kt = tile.trans %k : tensor<64x64xf16> -> tensor<64x64xf16>
    %s = tile.dot %q, %kt, %acc_init : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    %n0t = tile.splat %n0 : i32 -> tensor<64xi32>
    %key = arith.addi %cols, %n0t : tensor<64xi32>
    %valid = arith.cmpi slt, %key, %nt : tensor<64xi32>
    %valid_e = tile.expand_dims %valid axis 0 : tensor<64xi1> -> tensor<1x64xi1>
    %valid_b = tile.broadcast %valid_e : tensor<1x64xi1> -> tensor<64x64xi1>
    %sm = arith.select %valid_b, %s, %ninf : tensor<64x64xi1>, tensor<64x64xf32>
    %v = tile.load %V[%bh, %n0, %c0] : !view3 -> tensor<64x64xf16>
    %m1, %l1, %acc1 = tile.online_softmax %sm, %v, %m, %l, %acc scale %qk_scale
        : tensor<64x64xf32>, tensor<64x64xf16>, tensor<64xf32>, tensor<64x64xf32>
    scf.yield %m1, %l1, %acc1 : tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>
  }
  %le = tile.expand_dims %r#1 axis 1 : tensor<64xf32> -> tensor<64x1xf32>
  %lb = tile.broadcast %le : tensor<64x1xf32> -> tensor<64x64xf32>
  %o = arith.divf %r#2, %lb : tensor<64x64xf32>
  %oh = arith.truncf %o : tensor<64x64xf32> to tensor<64x64xf16>
  tile.store %oh, %Out[%bh, %m0, %c0] : tensor<64x64xf16> -> !view3
  // Lse = (m + log2(l)) * ln(2)
  %log2l = math.log2 %r#1 : tensor<64xf32>
  %lse2 = arith.addf %r#0, %log2l : tensor<64xf32>
  %ln2 = arith.constant dense<0.693147182> : tensor<64xf32>
  %lse = arith.mulf %lse2, %ln2 : tensor<64xf32>
  tile.store %lse, %Lse[%bh, %m0] : tensor<64xf32> -> !view2
  return
}

func.func @fa2_causal(%Q: !view3 {tile.name = "Q", tile.shape = ["BH", "N", 64], tile.role = "input"},
                      %K: !view3 {tile.name = "K", tile.shape = ["BH", "N", 64], tile.role = "input"},
                      %V: !view3 {tile.name = "V", tile.shape = ["BH", "N", 64], tile.role = "input"},
                      %Out: !view3 {tile.name = "Out", tile.shape = ["BH", "N", 64], tile.role = "output"},
                      %Lse: !view2 {tile.name = "Lse", tile.shape = ["BH", "N"], tile.role = "output"},
                      %sm_scale: f32 {tile.name = "sm_scale"})
    attributes {tile.kernel, tile.sizes = ["BH", "N"],
                tile.grid = affine_map<()[s0, s1] -> (s1 ceildiv 64, s0)>,
                tile.constants = {BLOCK_M = 64 : i64, BLOCK_N = 64 : i64, HEAD_DIM = 64 : i64, CAUSAL = 1 : i64}} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %pid_m = tile.program_id 0
  %bh = tile.program_id 1
  %m0 = arith.muli %pid_m, %c64 : i32
  %n = tile.dim %K, 1 : !view3
  %m_end = arith.addi %m0, %c64 : i32
  %hi = arith.minsi %n, %m_end : i32
  %q = tile.load %Q[%bh, %m0, %c0] : !view3 -> tensor<64x64xf16>
  %log2e = arith.constant 1.44269504 : f32
  %qk_scale = arith.mulf %sm_scale, %log2e : f32
  %m_init = arith.constant dense<0xFF800000> : tensor<64xf32>
  %l_init = arith.constant dense<0.0> : tensor<64xf32>
  %acc_init = arith.constant dense<0.0> : tensor<64x64xf32>
  %ninf = arith.constant dense<0xFF800000> : tensor<64x64xf32>
  %cols = tile.iota : tensor<64xi32>
  %m0t = tile.splat %m0 : i32 -> tensor<64xi32>
  %rows = arith.addi %cols, %m0t : tensor<64xi32>
  %rows_e = tile.expand_dims %rows axis 1 : tensor<64xi32> -> tensor<64x1xi32>
  %rows_b = tile.broadcast %rows_e : tensor<64x1xi32> -> tensor<64x64xi32>
  %nt = tile.splat %n : i32 -> tensor<64x64xi32>
  %r:3 = scf.for %n0 = %c0 to %hi step %c64 iter_args(%m = %m_init, %l = %l_init, %acc = %acc_init)
      -> (tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>) : i32 {
    %k = tile.load %K[%bh, %n0, %c0] : !view3 -> tensor<64x64xf16>
    %kt = tile.trans %k : tensor<64x64xf16> -> tensor<64x64xf16>
    %s = tile.dot %q, %kt, %acc_init : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    %n0t = tile.splat %n0 : i32 -> tensor<64xi32>
    %key = arith.addi %cols, %n0t : tensor<64xi32>
    %key_e = tile.expand_dims %key axis 0 : tensor<64xi32> -> tensor<1x64xi32>
    %key_b = tile.broadcast %key_e : tensor<1x64xi32> -> tensor<64x64xi32>
    %in_n = arith.cmpi slt, %key_b, %nt : tensor<64x64xi32>
    %past = arith.cmpi sle, %key_b, %rows_b : tensor<64x64xi32>
    %valid = arith.andi %in_n, %past : tensor<64x64xi1>
    %sm = arith.select %valid, %s, %ninf : tensor<64x64xi1>, tensor<64x64xf32>
    %v = tile.load %V[%bh, %n0, %c0] : !view3 -> tensor<64x64xf16>
    %m1, %l1, %acc1 = tile.online_softmax %sm, %v, %m, %l, %acc scale %qk_scale
        : tensor<64x64xf32>, tensor<64x64xf16>, tensor<64xf32>, tensor<64x64xf32>
    scf.yield %m1, %l1, %acc1 : tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>
  }
  %le = tile.expand_dims %r#1 axis 1 : tensor<64xf32> -> tensor<64x1xf32>
  %lb = tile.broadcast %le : tensor<64x1xf32> -> tensor<64x64xf32>
  %o = arith.divf %r#2, %lb : tensor<64x64xf32>
  %oh = arith.truncf %o : tensor<64x64xf32> to tensor<64x64xf16>
  tile.store %oh, %Out[%bh, %m0, %c0] : tensor<64x64xf16> -> !view3
  %log2l = math.log2 %r#1 : tensor<64xf32>
  %lse2 = arith.addf %r#0, %log2l : tensor<64xf32>
  %ln2 = arith.constant dense<0.693147182> : tensor<64xf32>
  %lse = arith.mulf %lse2, %ln2 : tensor<64xf32>
  tile.store %lse, %Lse[%bh, %m0] : tensor<64xf32> -> !view2
  return
}
