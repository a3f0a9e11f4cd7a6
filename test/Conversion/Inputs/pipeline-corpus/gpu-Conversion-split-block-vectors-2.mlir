module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  llvm.func @narrow(%arg0: vector<88xf32>) -> vector<88xf16> {
    %0 = llvm.fptrunc %arg0 {fastmath = #arith.fastmath<contract>} : vector<88xf32> to vector<88xf16>
    llvm.br ^bb1(%0 : vector<88xf16>)
  ^bb1(%1: vector<88xf16>):  // pred: ^bb0
    llvm.return %1 : vector<88xf16>
  }
  llvm.func @kept(%arg0: vector<24xf32>) -> vector<24xf16> {
    %0 = llvm.fptrunc %arg0 : vector<24xf32> to vector<24xf16>
    %1 = llvm.fadd %0, %0 : vector<24xf16>
    llvm.br ^bb1(%0 : vector<24xf16>)
  ^bb1(%2: vector<24xf16>):  // pred: ^bb0
    %3 = llvm.fadd %2, %1 : vector<24xf16>
    llvm.return %3 : vector<24xf16>
  }
}

