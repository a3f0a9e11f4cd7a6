// A kernel whose inline assembly ptxas rejects.
module {
  gpu.module @tessera [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">] {
    llvm.func @bad() attributes {gpu.kernel, nvvm.kernel} {
      llvm.inline_asm has_side_effects "not.an.instruction;", "" : () -> ()
      llvm.return
    }
  }
}
