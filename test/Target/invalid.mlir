// Every malformed input of the manifest writer is a clear error naming the
// attribute (and the parameter field) at fault, and the tool exits non-zero.
// RUN: not tessera-translate %s --split-input-file --emit=manifest --chip=sm_90a 2>&1 \
// RUN:   | FileCheck %s

// No gpu.module.
// CHECK: error: expected one gpu.module in the input, got 0
module {
}

// -----

// No llvm.func marked nvvm.kernel.
// CHECK: error: expected one llvm.func marked 'nvvm.kernel' in gpu.module @tessera, got 0
gpu.module @tessera {
  llvm.func @helper() {
    llvm.return
  }
}

// -----

// Two kernels.
// CHECK: error: expected one llvm.func marked 'nvvm.kernel' in gpu.module @tessera, got 2
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %s: i64, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = ["N"],
      tessera.kernel_name = "k",
      tessera.shared_bytes = 0 : i64,
      tessera.params = [{name = "X", kind = "tensor", dtype = "f32", shape = ["N"], role = "output"},
                      {name = "alpha", kind = "scalar", dtype = "f32"}]} {
    llvm.return
  }
  llvm.func @k2(%x: !llvm.ptr<1>, %n: i64, %s: i64, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = ["N"],
      tessera.kernel_name = "k",
      tessera.shared_bytes = 0 : i64,
      tessera.params = [{name = "X", kind = "tensor", dtype = "f32", shape = ["N"], role = "output"},
                      {name = "alpha", kind = "scalar", dtype = "f32"}]} {
    llvm.return
  }
}

// -----

// No kernel name.
// CHECK: error: @k: 'tessera.kernel_name': missing, or not a non-empty string
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %s: i64, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = ["N"],
      tessera.shared_bytes = 0 : i64,
      tessera.params = [{name = "X", kind = "tensor", dtype = "f32", shape = ["N"], role = "output"},
                      {name = "alpha", kind = "scalar", dtype = "f32"}]} {
    llvm.return
  }
}

// -----

// No block size.
// CHECK: error: @k: 'nvvm.maxntid': missing, or not an array<i32>
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %s: i64, %alpha: f32) attributes {
      nvvm.kernel,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = ["N"],
      tessera.kernel_name = "k",
      tessera.shared_bytes = 0 : i64,
      tessera.params = [{name = "X", kind = "tensor", dtype = "f32", shape = ["N"], role = "output"},
                      {name = "alpha", kind = "scalar", dtype = "f32"}]} {
    llvm.return
  }
}

// -----

// Too many threads.
// CHECK: error: @k: 'nvvm.maxntid': expected 1 to 3 positive sizes of at most 1024 threads in all, got array<i32: 128, 16>
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %s: i64, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 16>,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = ["N"],
      tessera.kernel_name = "k",
      tessera.shared_bytes = 0 : i64,
      tessera.params = [{name = "X", kind = "tensor", dtype = "f32", shape = ["N"], role = "output"},
                      {name = "alpha", kind = "scalar", dtype = "f32"}]} {
    llvm.return
  }
}

// -----

// A grid over dimensions.
// CHECK: error: @k: 'tile.grid': expected a map of 1 symbols (one per 'tile.sizes' entry) and no dimensions, got affine_map<(d0) -> (d0)>
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %s: i64, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<(d0) -> (d0)>,
      tile.sizes = ["N"],
      tessera.kernel_name = "k",
      tessera.shared_bytes = 0 : i64,
      tessera.params = [{name = "X", kind = "tensor", dtype = "f32", shape = ["N"], role = "output"},
                      {name = "alpha", kind = "scalar", dtype = "f32"}]} {
    llvm.return
  }
}

// -----

// A grid with more symbols than sizes.
// CHECK: error: @k: 'tile.grid': expected a map of 1 symbols (one per 'tile.sizes' entry) and no dimensions
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %s: i64, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0, s1] -> (s0, s1)>,
      tile.sizes = ["N"],
      tessera.kernel_name = "k",
      tessera.shared_bytes = 0 : i64,
      tessera.params = [{name = "X", kind = "tensor", dtype = "f32", shape = ["N"], role = "output"},
                      {name = "alpha", kind = "scalar", dtype = "f32"}]} {
    llvm.return
  }
}

// -----

// Four grid dimensions.
// CHECK: error: @k: 'tile.grid': expected 1 to 3 grid dimensions, got 4
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %s: i64, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0] -> (s0, 1, 1, 1)>,
      tile.sizes = ["N"],
      tessera.kernel_name = "k",
      tessera.shared_bytes = 0 : i64,
      tessera.params = [{name = "X", kind = "tensor", dtype = "f32", shape = ["N"], role = "output"},
                      {name = "alpha", kind = "scalar", dtype = "f32"}]} {
    llvm.return
  }
}

// -----

// No grid.
// CHECK: error: @k: 'tile.grid': missing, or not an affine map
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %s: i64, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.sizes = ["N"],
      tessera.kernel_name = "k",
      tessera.shared_bytes = 0 : i64,
      tessera.params = [{name = "X", kind = "tensor", dtype = "f32", shape = ["N"], role = "output"},
                      {name = "alpha", kind = "scalar", dtype = "f32"}]} {
    llvm.return
  }
}

// -----

// Size names that are not strings.
// CHECK: error: @k: 'tile.sizes': expected strings, got 3 : i64
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %s: i64, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = [3],
      tessera.kernel_name = "k",
      tessera.shared_bytes = 0 : i64,
      tessera.params = [{name = "X", kind = "tensor", dtype = "f32", shape = ["N"], role = "output"},
                      {name = "alpha", kind = "scalar", dtype = "f32"}]} {
    llvm.return
  }
}

// -----

// A grid size no tensor binds.
// CHECK: error: @k: 'tile.grid': size 'M' is not a dimension of any tensor parameter, so the runtime cannot bind it
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %s: i64, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0, s1] -> (s0 ceildiv 128, s1)>,
      tile.sizes = ["N", "M"],
      tessera.kernel_name = "k",
      tessera.shared_bytes = 0 : i64,
      tessera.params = [{name = "X", kind = "tensor", dtype = "f32", shape = ["N"], role = "output"},
                      {name = "alpha", kind = "scalar", dtype = "f32"}]} {
    llvm.return
  }
}

// -----

// No params.
// CHECK: error: @k: 'tessera.params': missing, or not an array of dictionaries
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %s: i64, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = ["N"],
      tessera.kernel_name = "k",
      tessera.shared_bytes = 0 : i64} {
    llvm.return
  }
}

// -----

// An unknown dtype.
// CHECK: error: @k: 'tessera.params'[1].dtype: expected one of f32, i32, i64, got "f8"
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %s: i64, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = ["N"],
      tessera.kernel_name = "k",
      tessera.shared_bytes = 0 : i64,
      tessera.params = [{name = "X", kind = "tensor", dtype = "f32", shape = ["N"], role = "output"},
                      {name = "alpha", kind = "scalar", dtype = "f8"}]} {
    llvm.return
  }
}

// -----

// A 16-bit scalar.
// CHECK: error: @k: 'tessera.params'[1].dtype: expected one of f32, i32, i64, got "f16"
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %s: i64, %alpha: f16) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = ["N"],
      tessera.kernel_name = "k",
      tessera.shared_bytes = 0 : i64,
      tessera.params = [{name = "X", kind = "tensor", dtype = "f32", shape = ["N"], role = "output"},
                      {name = "alpha", kind = "scalar", dtype = "f16"}]} {
    llvm.return
  }
}

// -----

// An output scalar.
// CHECK: error: @k: 'tessera.params'[1].role: expected one of input, got "output"
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %s: i64, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = ["N"],
      tessera.kernel_name = "k",
      tessera.shared_bytes = 0 : i64,
      tessera.params = [{name = "X", kind = "tensor", dtype = "f32", shape = ["N"], role = "output"},
                      {name = "alpha", kind = "scalar", dtype = "f32", role = "output"}]} {
    llvm.return
  }
}

// -----

// An unknown kind.
// CHECK: error: @k: 'tessera.params'[1].kind: expected one of tensor, scalar, got "vector"
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %s: i64, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = ["N"],
      tessera.kernel_name = "k",
      tessera.shared_bytes = 0 : i64,
      tessera.params = [{name = "X", kind = "tensor", dtype = "f32", shape = ["N"], role = "output"},
                      {name = "alpha", kind = "vector", dtype = "f32"}]} {
    llvm.return
  }
}

// -----

// A parameter without a name.
// CHECK: error: @k: 'tessera.params'[1].name: missing
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %s: i64, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = ["N"],
      tessera.kernel_name = "k",
      tessera.shared_bytes = 0 : i64,
      tessera.params = [{name = "X", kind = "tensor", dtype = "f32", shape = ["N"], role = "output"},
                      {kind = "scalar", dtype = "f32"}]} {
    llvm.return
  }
}

// -----

// A parameter that is not a dictionary.
// CHECK: error: @k: 'tessera.params'[1]: expected a dictionary, got "alpha"
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %s: i64, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = ["N"],
      tessera.kernel_name = "k",
      tessera.shared_bytes = 0 : i64,
      tessera.params = [{name = "X", kind = "tensor", dtype = "f32", shape = ["N"], role = "output"},
                      "alpha"]} {
    llvm.return
  }
}

// -----

// A tensor without a shape.
// CHECK: error: @k: 'tessera.params'[0].shape: expected a non-empty array of size names and integers
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %s: i64, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = ["N"],
      tessera.kernel_name = "k",
      tessera.shared_bytes = 0 : i64,
      tessera.params = [{name = "X", kind = "tensor", dtype = "f32", role = "output"}, {name = "alpha", kind = "scalar", dtype = "f32"}]} {
    llvm.return
  }
}

// -----

// A zero fixed size.
// CHECK: error: @k: 'tessera.params'[0].shape: expected a size name or a positive integer, got 0 : i64
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %s: i64, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = ["N"],
      tessera.kernel_name = "k",
      tessera.shared_bytes = 0 : i64,
      tessera.params = [{name = "X", kind = "tensor", dtype = "f32", shape = [0], role = "output"}, {name = "alpha", kind = "scalar", dtype = "f32"}]} {
    llvm.return
  }
}

// -----

// A scalar with a shape.
// CHECK: error: @k: 'tessera.params'[1].shape: a scalar has no shape
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %s: i64, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = ["N"],
      tessera.kernel_name = "k",
      tessera.shared_bytes = 0 : i64,
      tessera.params = [{name = "X", kind = "tensor", dtype = "f32", shape = ["N"], role = "output"},
                      {name = "alpha", kind = "scalar", dtype = "f32", shape = ["N"]}]} {
    llvm.return
  }
}

// -----

// An init value on an output.
// CHECK: error: @k: 'tessera.params'[0].init: only inout tensors have an init value
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %s: i64, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = ["N"],
      tessera.kernel_name = "k",
      tessera.shared_bytes = 0 : i64,
      tessera.params = [{name = "X", kind = "tensor", dtype = "f32", shape = ["N"], role = "output", init = 0.0 : f32}, {name = "alpha", kind = "scalar", dtype = "f32"}]} {
    llvm.return
  }
}

// -----

// An alignment that is not a power of two, and one on a scalar.
// CHECK: error: @k: 'tessera.params'[0].align: expected a power of two from 1 to 256, got 12 : i64
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %s: i64, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = ["N"],
      tessera.kernel_name = "k",
      tessera.shared_bytes = 0 : i64,
      tessera.params = [{name = "X", kind = "tensor", dtype = "f32", shape = ["N"], role = "output", align = 12}, {name = "alpha", kind = "scalar", dtype = "f32"}]} {
    llvm.return
  }
}

// -----

// CHECK: error: @k: 'tessera.params'[1].align: only tensors have an alignment
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %s: i64, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = ["N"],
      tessera.kernel_name = "k",
      tessera.shared_bytes = 0 : i64,
      tessera.params = [{name = "X", kind = "tensor", dtype = "f32", shape = ["N"], role = "output"}, {name = "alpha", kind = "scalar", dtype = "f32", align = 4}]} {
    llvm.return
  }
}

// -----

// A NaN init value.
// CHECK: error: @k: 'tessera.params'[0].init: expected a number, got 0x7FC00000 : f32
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %s: i64, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = ["N"],
      tessera.kernel_name = "k",
      tessera.shared_bytes = 0 : i64,
      tessera.params = [{name = "X", kind = "tensor", dtype = "f32", shape = ["N"], role = "inout", init = 0x7FC00000 : f32}, {name = "alpha", kind = "scalar", dtype = "f32"}]} {
    llvm.return
  }
}

// -----

// Two parameters with one name.
// CHECK: error: @k: 'tessera.params': duplicate parameter name 'X'
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %s: i64, %y: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = ["N"],
      tessera.kernel_name = "k",
      tessera.shared_bytes = 0 : i64,
      tessera.params = [{name = "X", kind = "tensor", dtype = "f32", shape = ["N"], role = "output"},
                      {name = "X", kind = "scalar", dtype = "f32"}]} {
    llvm.return
  }
}

// -----

// Params that expand to more arguments than the kernel has.
// CHECK: error: @k: 'tessera.params': expands to 4 kernel arguments under the manifest ABI, but the kernel has 3
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = ["N"],
      tessera.kernel_name = "k",
      tessera.shared_bytes = 0 : i64,
      tessera.params = [{name = "X", kind = "tensor", dtype = "f32", shape = ["N"], role = "output"},
                      {name = "alpha", kind = "scalar", dtype = "f32"}]} {
    llvm.return
  }
}

// -----

// A scalar of the wrong type.
// CHECK: error: @k: 'tessera.params': expected kernel argument 3 (scalar 'alpha') to be f32, got i32
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %s: i64, %alpha: i32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = ["N"],
      tessera.kernel_name = "k",
      tessera.shared_bytes = 0 : i64,
      tessera.params = [{name = "X", kind = "tensor", dtype = "f32", shape = ["N"], role = "output"},
                      {name = "alpha", kind = "scalar", dtype = "f32"}]} {
    llvm.return
  }
}

// -----

// A tensor pointer in the generic address space.
// CHECK: error: @k: 'tessera.params': expected kernel argument 0 (pointer of tensor 'X') to be !llvm.ptr<1>, got !llvm.ptr
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr, %n: i64, %s: i64, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = ["N"],
      tessera.kernel_name = "k",
      tessera.shared_bytes = 0 : i64,
      tessera.params = [{name = "X", kind = "tensor", dtype = "f32", shape = ["N"], role = "output"},
                      {name = "alpha", kind = "scalar", dtype = "f32"}]} {
    llvm.return
  }
}

// -----

// A 32-bit stride.
// CHECK: error: @k: 'tessera.params': expected kernel argument 2 (stride 0 of tensor 'X') to be i64, got i32
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %s: i32, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = ["N"],
      tessera.kernel_name = "k",
      tessera.shared_bytes = 0 : i64,
      tessera.params = [{name = "X", kind = "tensor", dtype = "f32", shape = ["N"], role = "output"},
                      {name = "alpha", kind = "scalar", dtype = "f32"}]} {
    llvm.return
  }
}

// -----

// A string constant.
// CHECK: error: @k: 'tile.constants': expected integer, boolean or float constants, got SCALE = "half"
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %s: i64, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = ["N"],
      tessera.kernel_name = "k",
      tessera.shared_bytes = 0 : i64,
      tessera.params = [{name = "X", kind = "tensor", dtype = "f32", shape = ["N"], role = "output"},
                      {name = "alpha", kind = "scalar", dtype = "f32"}],
      tile.constants = {SCALE = "half"}} {
    llvm.return
  }
}

// -----

// More dynamic shared memory than sm_90a has.
// CHECK: error: @k: 'tessera.shared_bytes': 232449 bytes of dynamic shared memory exceed the 232448 bytes of sm_90a
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %s: i64, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = ["N"],
      tessera.kernel_name = "k",
      tessera.shared_bytes = 232449 : i64,
      tessera.params = [{name = "X", kind = "tensor", dtype = "f32", shape = ["N"], role = "output"},
                      {name = "alpha", kind = "scalar", dtype = "f32"}]} {
    llvm.return
  }
}

// -----

// A negative dynamic shared memory size.
// CHECK: error: @k: 'tessera.shared_bytes': expected a non-negative integer, got -1 : i64
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %s: i64, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = ["N"],
      tessera.kernel_name = "k",
      tessera.shared_bytes = -1 : i64,
      tessera.params = [{name = "X", kind = "tensor", dtype = "f32", shape = ["N"], role = "output"},
                      {name = "alpha", kind = "scalar", dtype = "f32"}]} {
    llvm.return
  }
}
