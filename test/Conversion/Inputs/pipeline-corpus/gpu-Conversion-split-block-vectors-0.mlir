module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  llvm.func @loop(%arg0: vector<88xf16>, %arg1: vector<88xf32>, %arg2: vector<64xf16>, %arg3: i32) -> vector<88xf16> {
    %0 = llvm.mlir.constant(1 : i32) : i32
    %1 = llvm.mlir.constant(0 : i32) : i32
    llvm.br ^bb1(%1, %arg0 : i32, vector<88xf16>)
  ^bb1(%2: i32, %3: vector<88xf16>):  // 2 preds: ^bb0, ^bb1
    %4 = llvm.fadd %3, %3 : vector<88xf16>
    %5 = llvm.add %2, %0 : i32
    %6 = llvm.icmp "slt" %5, %arg3 : i32
    llvm.cond_br %6, ^bb1(%5, %4 : i32, vector<88xf16>), ^bb2
  ^bb2:  // pred: ^bb1
    llvm.return %3 : vector<88xf16>
  }
}

