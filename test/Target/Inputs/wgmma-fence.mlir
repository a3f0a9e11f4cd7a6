// A kernel with a Hopper-only op (wgmma.fence needs sm_90a).
module {
  gpu.module @tessera [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">] {
    llvm.func @hopper() attributes {gpu.kernel, nvvm.kernel} {
      nvvm.wgmma.fence.aligned
      llvm.return
    }
  }
}
