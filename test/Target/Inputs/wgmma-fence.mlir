// A kernel with a Hopper-only op (wgmma.fence needs sm_90a).
module {
  gpu.module @tessera {
    llvm.func @hopper() attributes {gpu.kernel, nvvm.kernel} {
      nvvm.wgmma.fence.aligned
      llvm.return
    }
  }
}
