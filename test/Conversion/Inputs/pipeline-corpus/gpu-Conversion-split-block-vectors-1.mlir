module attributes {tilegpu.shared_memory = 232448 : i64, tilegpu.target = #nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">} {
  llvm.func @join(%arg0: i1, %arg1: vector<12xi8>, %arg2: vector<12xi8>, %arg3: vector<7xbf16>, %arg4: vector<7xbf16>) -> !llvm.struct<(vector<12xi8>, vector<7xbf16>)> {
    %0 = llvm.mlir.undef : !llvm.struct<(vector<12xi8>, vector<7xbf16>)>
    llvm.cond_br %arg0, ^bb1(%arg1, %arg3 : vector<12xi8>, vector<7xbf16>), ^bb1(%arg2, %arg4 : vector<12xi8>, vector<7xbf16>)
  ^bb1(%1: vector<12xi8>, %2: vector<7xbf16>):  // 2 preds: ^bb0, ^bb0
    %3 = llvm.insertvalue %1, %0[0] : !llvm.struct<(vector<12xi8>, vector<7xbf16>)> 
    %4 = llvm.insertvalue %2, %3[1] : !llvm.struct<(vector<12xi8>, vector<7xbf16>)> 
    llvm.return %4 : !llvm.struct<(vector<12xi8>, vector<7xbf16>)>
  }
}

