// The manifest checks a kernel's dynamic shared memory against the budget of
// the chip it is compiled for.
// RUN: not tessera-translate %s --emit=manifest --chip=sm_86 2>&1 | FileCheck %s
// More dynamic shared memory than sm_86 has (the dialect bounds it by the
// largest chip's, 232448 bytes; the manifest by the chip compiled for).
// CHECK: error: @k: 'tilegpu.shared_bytes': 101377 bytes of dynamic shared memory exceed the 101376 bytes of sm_86
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %s: i64, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = ["N"],
      tilegpu.kernel_name = "k",
      tilegpu.shared_bytes = 101377 : i64,
      tilegpu.params = [#tilegpu.param<name = "X", dtype = f32, shape = ["N"], role = output>,
                      #tilegpu.param<name = "alpha", dtype = f32>]} {
    llvm.return
  }
}
