llvm.func @narrow(%s: vector<88xf32>) -> vector<88xf16> {
  %p = llvm.fptrunc %s {fastmath = #arith.fastmath<contract>} : vector<88xf32> to vector<88xf16>
  llvm.br ^bb1(%p : vector<88xf16>)
^bb1(%q: vector<88xf16>):
  llvm.return %q : vector<88xf16>
}
llvm.func @kept(%s: vector<24xf32>) -> vector<24xf16> {
  %p = llvm.fptrunc %s : vector<24xf32> to vector<24xf16>
  %d = llvm.fadd %p, %p : vector<24xf16>
  llvm.br ^bb1(%p : vector<24xf16>)
^bb1(%q: vector<24xf16>):
  %r = llvm.fadd %q, %d : vector<24xf16>
  llvm.return %r : vector<24xf16>
}

