// A kernel whose inline assembly ptxas rejects.
module {
  gpu.module @tessera {
    llvm.func @bad() attributes {gpu.kernel, nvvm.kernel} {
      llvm.inline_asm has_side_effects "not.an.instruction;", "" : () -> ()
      llvm.return
    }
  }
}
