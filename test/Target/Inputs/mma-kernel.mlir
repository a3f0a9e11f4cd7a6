// A small kernel in the Target stage's input form (docs/target.md): one
// gpu.module with one llvm.func kernel whose arguments follow the manifest
// ABI, carrying the kernel attributes of the tile kernel. One warp loads a
// 16-byte chunk per lane with cp.async, reads an A fragment with ldmatrix,
// runs one mma.sync m16n8k16, reduces across lanes with shfl.bfly and
// stores through a small static shared buffer.
//
// Parameters: Q: f16[BH, N, 64] (7 args), Lse: f32[BH, N] inout (5 args),
// sm_scale: f32 (1 arg).
module {
  gpu.module @tessera [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">] {
    llvm.mlir.global external @__tessera_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
    llvm.mlir.global internal @stage() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<512 x i8>

    llvm.func @attn_fwd(%q: !llvm.ptr<1>, %q_bh: i64, %q_n: i64, %q_d: i64,
                        %q_s0: i64, %q_s1: i64, %q_s2: i64,
                        %lse: !llvm.ptr<1>, %lse_bh: i64, %lse_n: i64,
                        %lse_s0: i64, %lse_s1: i64,
                        %sm_scale: f32)
        attributes {gpu.kernel, nvvm.kernel,
                    nvvm.maxntid = array<i32: 128, 1, 1>,
                    tile.grid = affine_map<()[s0, s1] -> (s1 ceildiv 64, s0, 1)>,
                    tile.sizes = ["BH", "N"],
                    tile.constants = {BLOCK_M = 64 : i64, CAUSAL = false},
                    tilegpu.kernel_name = "attn",
                    tilegpu.params = [
                      #tilegpu.param<name = "Q", dtype = f16, shape = ["BH", "N", 64]>,
                      #tilegpu.param<name = "Lse", dtype = f32, shape = ["BH", "N"], role = inout, init = 0xFF800000 : f32>,
                      #tilegpu.param<name = "sm_scale", dtype = f32>],
                    tilegpu.shared_bytes = 8192 : i64} {
      %smem = llvm.mlir.addressof @__tessera_smem : !llvm.ptr<3>
      %stage = llvm.mlir.addressof @stage : !llvm.ptr<3>
      %tid = nvvm.read.ptx.sreg.tid.x : i32
      %tid64 = llvm.zext %tid : i32 to i64
      %src = llvm.getelementptr %q[%tid64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, vector<8xf16>
      %dst = llvm.getelementptr %smem[%tid64] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, vector<8xf16>
      nvvm.cp.async.shared.global %dst, %src, 16, cache = cg : !llvm.ptr<3>, !llvm.ptr<1>
      nvvm.cp.async.commit.group
      nvvm.cp.async.wait.group 0
      nvvm.barrier0
      %frag = nvvm.ldmatrix %dst {num = 4 : i32, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>, eltType = #nvvm.ld_st_matrix_elt_type<b16>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
      %r0 = llvm.extractvalue %frag[0] : !llvm.struct<(i32, i32, i32, i32)>
      %r1 = llvm.extractvalue %frag[1] : !llvm.struct<(i32, i32, i32, i32)>
      %r2 = llvm.extractvalue %frag[2] : !llvm.struct<(i32, i32, i32, i32)>
      %r3 = llvm.extractvalue %frag[3] : !llvm.struct<(i32, i32, i32, i32)>
      %a0 = llvm.bitcast %r0 : i32 to vector<2xf16>
      %a1 = llvm.bitcast %r1 : i32 to vector<2xf16>
      %a2 = llvm.bitcast %r2 : i32 to vector<2xf16>
      %a3 = llvm.bitcast %r3 : i32 to vector<2xf16>
      %zero = llvm.mlir.constant(0.0 : f32) : f32
      %d = nvvm.mma.sync A[%a0, %a1, %a2, %a3] B[%a0, %a1] C[%zero, %zero, %zero, %zero]
             {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>,
              shape = #nvvm.shape<m = 16, n = 8, k = 16>}
             : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
      %d0 = llvm.extractvalue %d[0] : !llvm.struct<(f32, f32, f32, f32)>
      %scaled = llvm.fmul %d0, %sm_scale : f32
      %all = llvm.mlir.constant(-1 : i32) : i32
      %one = llvm.mlir.constant(1 : i32) : i32
      %clamp = llvm.mlir.constant(31 : i32) : i32
      %other = nvvm.shfl.sync bfly %all, %scaled, %one, %clamp : f32 -> f32
      %sum = llvm.fadd %scaled, %other : f32
      %slot = llvm.getelementptr %stage[%tid64] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
      llvm.store %sum, %slot : f32, !llvm.ptr<3>
      nvvm.barrier0
      %tid1 = llvm.xor %tid64, %lse_bh : i64
      %peer = llvm.getelementptr %stage[%tid1] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
      %value = llvm.load %peer : !llvm.ptr<3> -> f32
      %out = llvm.getelementptr %lse[%tid64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      llvm.store %value, %out : f32, !llvm.ptr<1>
      llvm.return
    }
  }
}
