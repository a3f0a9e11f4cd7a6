llvm.func @join(%c: i1, %a: vector<12xi8>, %b: vector<12xi8>, %x: vector<7xbf16>, %y: vector<7xbf16>) -> !llvm.struct<(vector<12xi8>, vector<7xbf16>)> {
  llvm.cond_br %c, ^bb1(%a, %x : vector<12xi8>, vector<7xbf16>), ^bb1(%b, %y : vector<12xi8>, vector<7xbf16>)
^bb1(%v: vector<12xi8>, %w: vector<7xbf16>):
  %u = llvm.mlir.undef : !llvm.struct<(vector<12xi8>, vector<7xbf16>)>
  %u1 = llvm.insertvalue %v, %u[0] : !llvm.struct<(vector<12xi8>, vector<7xbf16>)>
  %u2 = llvm.insertvalue %w, %u1[1] : !llvm.struct<(vector<12xi8>, vector<7xbf16>)>
  llvm.return %u2 : !llvm.struct<(vector<12xi8>, vector<7xbf16>)>
}

