// RUN: tessera-opt %s -split-input-file -tilegpu-assign-layouts -tessera-attach-target=chip=sm_80 -tilegpu-allocate-shared -convert-tile-to-nvvm -cse | FileCheck %s --enable-var-scope

// The mma.sync path (the default of the pass; what sm_80 ... sm_90 get).

// The kernel becomes an llvm.func with the manifest ABI (pointer, sizes,
// strides per view; scalars as they are) and its metadata, in gpu.module
// @tessera next to the dynamic shared memory symbol.
// CHECK-LABEL: gpu.module @tessera
// CHECK: llvm.mlir.global external @__tessera_smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
// CHECK-LABEL: llvm.func @gemm16
// Each pointer is as aligned as the code needs (the manifest's "align"): A's
// rows move with 16-byte cp.async copies, C is stored an f32 at a time.
// CHECK-SAME: (%{{.*}}: !llvm.ptr<1> {llvm.align = 16 : i64}, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: !llvm.ptr<1> {llvm.align = 4 : i64}, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: f32)
// CHECK-SAME: gpu.kernel, nvvm.kernel, nvvm.maxntid = array<i32: 32, 1, 1>
// CHECK-SAME: tilegpu.kernel_name = "gemm16"
// CHECK-SAME: tilegpu.params = [#tilegpu.param<name = "A", dtype = f16, shape = ["M", 16], align = 16>, #tilegpu.param<name = "C", dtype = f32, shape = ["M", 16], role = output, align = 4>, #tilegpu.param<name = "alpha", dtype = f32>]
// CHECK-SAME: tilegpu.shared_bytes = 1024 : i64
// Each shared load: barrier, 16-byte cp.async copies (zero-filled out of
// bounds: the src-size operand), commit, wait, barrier.
// CHECK: nvvm.barrier0
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = {{ *}}cg, %{{.*}} : !llvm.ptr<3>, !llvm.ptr<1>, i32
// CHECK: nvvm.cp.async.commit.group
// CHECK-NEXT: nvvm.cp.async.wait.group 0
// CHECK-NEXT: nvvm.barrier0
// The B operand stored [N][K] (a transposed load) is read without .trans,
// the A operand likewise; one k step, two n fragments.
// CHECK: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}
// CHECK: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}
// CHECK-COUNT-2: nvgpu.mma.sync(%{{.*}}, %{{.*}}, %{{.*}}) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
// CHECK-NOT: nvgpu.mma.sync
// The result: 8 slots per thread, each stored under its bounds predicate.
// CHECK-COUNT-8: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<1>
// CHECK: llvm.return
func.func @gemm16(%a: !tile.view<f16, 2> {tile.name = "A", tile.shape = ["M", 16]},
                  %c: !tile.view<f32, 2> {tile.name = "C", tile.shape = ["M", 16], tile.role = "output"},
                  %alpha: f32 {tile.name = "alpha"})
    attributes {tile.kernel, tile.num_warps = 1 : i32, tile.sizes = ["M"],
                tile.grid = affine_map<()[s0] -> (s0 ceildiv 16)>} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<16x16xf16>
  %y = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<16x16xf16>
  %yt = tile.trans %y : tensor<16x16xf16> -> tensor<16x16xf16>
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = tile.dot %x, %yt, %z : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
  %s = tile.splat %alpha : f32 -> tensor<16x16xf32>
  %e = arith.mulf %d, %s : tensor<16x16xf32>
  tile.store %e, %c[%c0, %c0] : tensor<16x16xf32> -> !tile.view<f32, 2>
  return
}

// -----

// bf16 operands: nvvm.mma.sync directly (nvgpu.mma.sync cannot type bf16),
// each pair of bf16 values packed into one b32 register.
// CHECK-LABEL: llvm.func @gemm16_bf16
// CHECK-NOT: nvgpu.mma.sync
// CHECK-COUNT-2: nvvm.mma.sync A[{{[^]]*}}] B[{{[^]]*}}] C[{{[^]]*}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NOT: nvgpu.mma.sync
// CHECK: llvm.return
func.func @gemm16_bf16(%a: !tile.view<bf16, 2>, %c: !tile.view<f32, 2>)
    attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] : !tile.view<bf16, 2> -> tensor<16x16xbf16>
  %y = tile.load %a[%c0, %c0] : !tile.view<bf16, 2> -> tensor<16x16xbf16>
  %yt = tile.trans %y : tensor<16x16xbf16> -> tensor<16x16xbf16>
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = tile.dot %x, %yt, %z : tensor<16x16xbf16>, tensor<16x16xbf16> -> tensor<16x16xf32>
  tile.store %d, %c[%c0, %c0] : tensor<16x16xf32> -> !tile.view<f32, 2>
  return
}

// -----

// A K-major B operand (stored [K][N], like V in P·V) is read with .trans; an
// A operand computed in registers is repacked, not loaded.
// CHECK-LABEL: llvm.func @pv
// CHECK: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}
// CHECK-NOT: nvvm.ldmatrix
// CHECK-COUNT-2: nvgpu.mma.sync
func.func @pv(%v: !tile.view<f16, 2>, %c: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %p = arith.constant dense<1.0> : tensor<16x16xf16>
  %vt = tile.load %v[%c0, %c0] : !tile.view<f16, 2> -> tensor<16x16xf16>
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = tile.dot %p, %vt, %z : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
  tile.store %d, %c[%c0, %c0] : tensor<16x16xf32> -> !tile.view<f32, 2>
  return
}

// -----

// rsqrt is one rsqrt.approx.f32 an element (Triton's and CUDA's rsqrt;
// docs/tile-language.md bounds it against the interpreter's 1/sqrtf);
// sqrt stays correctly rounded.
// CHECK-LABEL: llvm.func @square_roots
// CHECK-NOT: llvm.fdiv
// CHECK-COUNT-8: llvm.call_intrinsic "llvm.nvvm.rsqrt.approx.f"(%{{.*}}) : (f32) -> f32
// CHECK-COUNT-8: llvm.call_intrinsic "llvm.sqrt.f32"(%{{.*}}) : (f32) -> f32
// CHECK-NOT: llvm.fdiv
func.func @square_roots(%x: !tile.view<f32, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%c0, %c0] : !tile.view<f32, 2> -> tensor<64x16xf32>
  %r = math.rsqrt %t : tensor<64x16xf32>
  %s = math.sqrt %r : tensor<64x16xf32>
  tile.store %s, %o[%c0, %c0] : tensor<64x16xf32> -> !tile.view<f32, 2>
  return
}

// -----

// sin, cos, erf and pow call CUDA's libdevice (what sinf, erff and powf are
// in CUDA), declared once in the gpu.module and linked when the module
// becomes PTX; fma is one llvm.intr.fma (fma.rn.f32). f16 operands are
// widened to f32 and the result rounded back, as the interpreter does.
// CHECK-LABEL: gpu.module
// CHECK-DAG: llvm.func @__nv_sinf(f32) -> f32
// CHECK-DAG: llvm.func @__nv_cosf(f32) -> f32
// CHECK-DAG: llvm.func @__nv_erff(f32) -> f32
// CHECK-DAG: llvm.func @__nv_powf(f32, f32) -> f32
// CHECK-LABEL: llvm.func @libdevice_math
// CHECK-COUNT-8: llvm.call @__nv_sinf(%{{.*}}) : (f32) -> f32
// CHECK-COUNT-8: llvm.call @__nv_cosf(%{{.*}}) : (f32) -> f32
// CHECK-COUNT-8: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
// CHECK-COUNT-8: llvm.call @__nv_powf(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
// CHECK: %[[WIDE:.*]] = llvm.fpext %{{.*}} : f16 to f32
// CHECK-NEXT: %[[ERF:.*]] = llvm.call @__nv_erff(%[[WIDE]]) : (f32) -> f32
// CHECK-NEXT: llvm.fptrunc %[[ERF]] : f32 to f16
func.func @libdevice_math(%x: !tile.view<f32, 2>, %o: !tile.view<f32, 2>, %h: !tile.view<f16, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%c0, %c0] : !tile.view<f32, 2> -> tensor<64x16xf32>
  %s = math.sin %t : tensor<64x16xf32>
  %c = math.cos %t : tensor<64x16xf32>
  %f = math.fma %s, %c, %t : tensor<64x16xf32>
  %p = math.powf %f, %t : tensor<64x16xf32>
  tile.store %p, %o[%c0, %c0] : tensor<64x16xf32> -> !tile.view<f32, 2>
  %t16 = tile.load %h[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x16xf16>
  %e = math.erf %t16 : tensor<64x16xf16>
  tile.store %e, %h[%c0, %c0] : tensor<64x16xf16> -> !tile.view<f16, 2>
  return
}

// -----

// Row max of a dot's scores: per-thread partials over the 4 slots of each
// row (2 of each 16x8 fragment), then shfl.bfly with offsets 1 and 2 inside
// the group of four lanes; exp2 becomes ex2.approx.ftz; the row vector is
// stored by the lanes with quad 0.
// CHECK-LABEL: llvm.func @softmax_row
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[TWO:.*]] = arith.constant 2 : i32
// CHECK-COUNT-8: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f"
// CHECK: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %[[ONE]], %{{.*}} : f32 -> f32
// CHECK: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %[[TWO]], %{{.*}} : f32 -> f32
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<1>
func.func @softmax_row(%x: !tile.view<f32, 2>, %k: !tile.view<f16, 2>, %o: !tile.view<f32, 1>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %t = tile.load %x[%c0, %c0] : !tile.view<f32, 2> -> tensor<16x16xf32>
  // Scores of a dot: the row max works on the mma layout.
  %a = tile.load %k[%c0, %c0] : !tile.view<f16, 2> -> tensor<16x16xf16>
  %b = tile.load %k[%c0, %c0] : !tile.view<f16, 2> -> tensor<16x16xf16>
  %s = tile.dot %a, %b, %t : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
  %v = arith.addf %t, %s : tensor<16x16xf32>
  %w = math.exp2 %v : tensor<16x16xf32>
  %mx = tile.reduce max %w axis 1 : tensor<16x16xf32> -> tensor<16xf32>
  tile.store %mx, %o[%c0] : tensor<16xf32> -> !tile.view<f32, 1>
  return
}

// -----

// An f16 mma tile is stored as 4-byte pairs of adjacent columns, with a
// one-element store for a pair that straddles the view's last column.
// CHECK-LABEL: llvm.func @store_f16
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<2xf16>, !llvm.ptr<1>
// CHECK-NOT: vector<2xf16>, !llvm.ptr<1>
func.func @store_f16(%o: !tile.view<f16, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %x = arith.constant dense<1.0> : tensor<16x16xf16>
  %v = tile.load %o[%c0, %c0] : !tile.view<f16, 2> -> tensor<16x16xf16>
  %y = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = tile.dot %x, %v, %y : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
  %h = arith.truncf %d : tensor<16x16xf32> to tensor<16x16xf16>
  tile.store %h, %o[%c0, %c0] : tensor<16x16xf16> -> !tile.view<f16, 2>
  return
}

// -----

// tilegpu.convert_layout through its scratch buffer: barrier, every slot
// written, barrier, every slot of the new layout read (a row vector of 16
// rows becomes a column vector: 2 slots per thread either way).
// CHECK-LABEL: llvm.func @convert
// CHECK: nvvm.barrier0
// CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-2: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
func.func @convert(%a: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %x = tile.load %a[%c0, %c0] : !tile.view<f16, 2> -> tensor<16x16xf16>
  %c = arith.constant dense<0.0> : tensor<16x16xf32>
  %h = tile.dot %x, %x, %c : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
  %r = tile.reduce max %h axis 1 : tensor<16x16xf32> -> tensor<16xf32>
  %e = tile.expand_dims %r axis 0 : tensor<16xf32> -> tensor<1x16xf32>
  %b = tile.broadcast %e : tensor<1x16xf32> -> tensor<16x16xf32>
  tile.store %b, %o[%c0, %c0] : tensor<16x16xf32> -> !tile.view<f32, 2>
  return
}

// -----

// The rows a thread holds: 128 rows over 4 warps are two 16-row fragments
// per warp, taken in turn (warp w: rows 16w.. and 64 + 16w..), so the row
// offsets of a row vector's slots are 0, 8, 64, 72 from warp * 16 + group.
// CHECK-LABEL: llvm.func @interleaved_rows
// CHECK: arith.constant dense<[0, 8, 64, 72]> : vector<4xi32>
func.func @interleaved_rows(%q: !tile.view<f16, 2>, %k: !tile.view<f16, 2>, %o: !tile.view<f32, 2>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %a = tile.load %q[%c0, %c0] : !tile.view<f16, 2> -> tensor<128x16xf16>
  %kk = tile.load %k[%c0, %c0] : !tile.view<f16, 2> -> tensor<16x16xf16>
  %z = arith.constant dense<0.0> : tensor<128x16xf32>
  %d = tile.dot %a, %kk, %z : tensor<128x16xf16>, tensor<16x16xf16> -> tensor<128x16xf32>
  %r = tile.iota : tensor<128xi32>
  %e = tile.expand_dims %r axis 1 : tensor<128xi32> -> tensor<128x1xi32>
  %b = tile.broadcast %e : tensor<128x1xi32> -> tensor<128x16xi32>
  %f = arith.sitofp %b : tensor<128x16xi32> to tensor<128x16xf32>
  %s = arith.addf %d, %f : tensor<128x16xf32>
  tile.store %s, %o[%c0, %c0] : tensor<128x16xf32> -> !tile.view<f32, 2>
  return
}

// -----

// A scalar load: every thread reads the element under its bounds predicate
// (out of bounds: the padding), and uses it as an ordinary scalar.
// CHECK-LABEL: llvm.func @scalar_load
// CHECK: %[[IN:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : i64
// CHECK: %[[ADDR:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
// CHECK: %[[START:.*]] = scf.if %[[IN]] -> (i32) {
// CHECK-NEXT: %[[V:.*]] = llvm.load %[[ADDR]] : !llvm.ptr<1> -> i32
// CHECK-NEXT: scf.yield %[[V]] : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[PAD:.*]] = arith.constant -1 : i32
// CHECK-NEXT: scf.yield %[[PAD]] : i32
// CHECK: arith.addi %[[START]], %{{.*}} : i32
func.func @scalar_load(%starts: !tile.view<i32, 1>, %o: !tile.view<f32, 1>) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %b = tile.program_id 0
  %start = tile.load_scalar %starts[%b] {padding = -1.0 : f64} : !tile.view<i32, 1> -> i32
  %c1 = arith.constant 1 : i32
  %next = arith.addi %start, %c1 : i32
  %f = arith.sitofp %next : i32 to f32
  %t = tile.splat %f : f32 -> tensor<16xf32>
  tile.store %t, %o[%start] : tensor<16xf32> -> !tile.view<f32, 1>
  return
}

// -----

// tile.narrow: the struct's pointer moves to `start` along the dimension
// (start × stride elements) and that size becomes the clipped length (0 when
// start is outside [0, size]); loads through it are masked at the new size.
// CHECK-LABEL: llvm.func @narrow
// CHECK: %[[SIZE:.*]] = llvm.extractvalue %[[V:.*]][1, 0] : !llvm.struct<(ptr<1>, array<2 x i64>, array<2 x i64>)>
// CHECK: %[[START:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK: %[[LEN:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK: %[[GE:.*]] = arith.cmpi sge, %[[START]], %{{.*}} : i64
// CHECK: %[[LE:.*]] = arith.cmpi sle, %[[START]], %[[SIZE]] : i64
// CHECK: %[[VALID:.*]] = arith.andi %[[GE]], %[[LE]] : i1
// CHECK: %[[REST:.*]] = arith.subi %[[SIZE]], %[[START]] : i64
// CHECK: %[[MIN:.*]] = arith.minsi %[[LEN]], %[[REST]] : i64
// CHECK: %[[CLIP:.*]] = arith.maxsi %[[MIN]], %{{.*}} : i64
// CHECK: %[[NEWSIZE:.*]] = arith.select %[[VALID]], %[[CLIP]], %{{.*}} : i64
// CHECK: %[[STRIDE:.*]] = llvm.extractvalue %[[V]][2, 0]
// CHECK: %[[SKIP:.*]] = arith.muli %[[START]], %[[STRIDE]] : i64
// CHECK: %[[OFF:.*]] = arith.select %[[VALID]], %[[SKIP]], %{{.*}} : i64
// CHECK: %[[PTR:.*]] = llvm.getelementptr %{{.*}}[%[[OFF]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
// CHECK: %[[W1:.*]] = llvm.insertvalue %[[PTR]], %[[V]][0]
// CHECK: llvm.insertvalue %[[NEWSIZE]], %[[W1]][1, 0]
func.func @narrow(%x: !tile.view<f32, 2>, %o: !tile.view<f32, 2>, %start: i32, %len: i32) attributes {tile.kernel, tile.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %xs = tile.narrow %x, 0, %start, %len : !tile.view<f32, 2>
  %t = tile.load %xs[%c0, %c0] : !tile.view<f32, 2> -> tensor<16x16xf32>
  tile.store %t, %o[%c0, %c0] : tensor<16x16xf32> -> !tile.view<f32, 2>
  return
}
