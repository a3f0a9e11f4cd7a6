// Values the manifest writes that the main kernel does not show: finite init
// values as numbers, fixed-size shapes, integer scalars, an i1 constant that
// is true, 2-D blocks, optional attributes left out.
// RUN: tessera-translate %s --split-input-file --emit=manifest --chip=sm_90a | FileCheck %s

// CHECK-LABEL: "kernel": "acc",
// CHECK:       "block": [
// CHECK-NEXT:    64,
// CHECK-NEXT:    2
// CHECK-NEXT:  ],
// CHECK:       "dynamic_shared_memory": 0,
// CHECK-NEXT:  "constants": {
// CHECK-NEXT:    "EVEN": 1,
// CHECK-NEXT:    "STAGES": -3
// CHECK-NEXT:  },
// CHECK:       "shape": [
// CHECK-NEXT:    16,
// CHECK-NEXT:    "N"
// CHECK-NEXT:  ],
// CHECK-NEXT:  "role": "inout",
// CHECK-NEXT:  "init": 0.5
// CHECK:       "name": "count",
// CHECK-NEXT:  "kind": "scalar",
// CHECK-NEXT:  "dtype": "i32",
// CHECK:       "name": "offset",
// CHECK-NEXT:  "kind": "scalar",
// CHECK-NEXT:  "dtype": "i64",
gpu.module @tessera {
  llvm.func @acc(%x: !llvm.ptr<1>, %x0: i64, %x1: i64, %xs0: i64, %xs1: i64,
                 %count: i32, %offset: i64)
      attributes {nvvm.kernel, nvvm.maxntid = array<i32: 64, 2>,
                  tile.grid = affine_map<()[s0] -> (s0)>, tile.sizes = ["N"],
                  tile.constants = {EVEN = true, STAGES = -3 : i32},
                  tilegpu.kernel_name = "acc", tilegpu.shared_bytes = 0 : i64,
                  tilegpu.params = [
                    #tilegpu.param<name = "X", dtype = bf16, shape = [16, "N"], role = inout, init = 0.5 : f32>,
                    #tilegpu.param<name = "count", dtype = i32>,
                    #tilegpu.param<name = "offset", dtype = i64>]} {
    llvm.return
  }
}

// -----

// CHECK-LABEL: "kernel": "plain",
// CHECK:       "constants": {},
// CHECK-NEXT:  "params": [
gpu.module @tessera {
  llvm.func @plain(%x: !llvm.ptr<1>, %n: i64, %s: i64)
      attributes {nvvm.kernel, nvvm.maxntid = array<i32: 32>,
                  tile.grid = affine_map<()[s0] -> (s0 ceildiv 32)>,
                  tile.sizes = ["N"], tilegpu.kernel_name = "plain",
                  tilegpu.shared_bytes = 1024 : i64,
                  tilegpu.params = [
                    #tilegpu.param<name = "X", dtype = i32, shape = ["N"], role = output>]} {
    llvm.return
  }
}

// -----

// tile.sizes, tile.constants and tilegpu.shared_bytes may be absent.
// CHECK-LABEL: "kernel": "fixed",
// CHECK:       "grid": [
// CHECK-NEXT:    "4"
// CHECK-NEXT:  ],
// CHECK-NEXT:  "dynamic_shared_memory": 0,
// CHECK-NEXT:  "constants": {},
gpu.module @tessera {
  llvm.func @fixed(%x: !llvm.ptr<1>, %n: i64, %s: i64)
      attributes {nvvm.kernel, nvvm.maxntid = array<i32: 128, 1, 1>,
                  tile.grid = affine_map<() -> (4)>,
                  tilegpu.kernel_name = "fixed",
                  tilegpu.params = [
                    #tilegpu.param<name = "X", dtype = f32, shape = [512], role = output>]} {
    llvm.return
  }
}
