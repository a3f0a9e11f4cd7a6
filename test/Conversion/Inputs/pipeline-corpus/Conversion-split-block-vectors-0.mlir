llvm.func @loop(%init: vector<88xf16>, %f: vector<88xf32>, %h: vector<64xf16>, %n: i32) -> vector<88xf16> {
  %zero = llvm.mlir.constant(0 : i32) : i32
  llvm.br ^bb1(%zero, %init, %f, %h : i32, vector<88xf16>, vector<88xf32>, vector<64xf16>)
^bb1(%i: i32, %p: vector<88xf16>, %fa: vector<88xf32>, %ha: vector<64xf16>):
  %next = llvm.fadd %p, %p : vector<88xf16>
  %one = llvm.mlir.constant(1 : i32) : i32
  %j = llvm.add %i, %one : i32
  %more = llvm.icmp "slt" %j, %n : i32
  llvm.cond_br %more, ^bb1(%j, %next, %fa, %ha : i32, vector<88xf16>, vector<88xf32>, vector<64xf16>), ^bb2
^bb2:
  llvm.return %p : vector<88xf16>
}

