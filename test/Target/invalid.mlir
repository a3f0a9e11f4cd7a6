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
      tilegpu.kernel_name = "k",
      tilegpu.shared_bytes = 0 : i64,
      tilegpu.params = [#tilegpu.param<name = "X", dtype = f32, shape = ["N"], role = output>,
                      #tilegpu.param<name = "alpha", dtype = f32>]} {
    llvm.return
  }
  llvm.func @k2(%x: !llvm.ptr<1>, %n: i64, %s: i64, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = ["N"],
      tilegpu.kernel_name = "k",
      tilegpu.shared_bytes = 0 : i64,
      tilegpu.params = [#tilegpu.param<name = "X", dtype = f32, shape = ["N"], role = output>,
                      #tilegpu.param<name = "alpha", dtype = f32>]} {
    llvm.return
  }
}

// -----

// No kernel name.
// CHECK: error: @k: 'tilegpu.kernel_name': missing
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %s: i64, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = ["N"],
      tilegpu.shared_bytes = 0 : i64,
      tilegpu.params = [#tilegpu.param<name = "X", dtype = f32, shape = ["N"], role = output>,
                      #tilegpu.param<name = "alpha", dtype = f32>]} {
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
      tilegpu.kernel_name = "k",
      tilegpu.shared_bytes = 0 : i64,
      tilegpu.params = [#tilegpu.param<name = "X", dtype = f32, shape = ["N"], role = output>,
                      #tilegpu.param<name = "alpha", dtype = f32>]} {
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
      tilegpu.kernel_name = "k",
      tilegpu.shared_bytes = 0 : i64,
      tilegpu.params = [#tilegpu.param<name = "X", dtype = f32, shape = ["N"], role = output>,
                      #tilegpu.param<name = "alpha", dtype = f32>]} {
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
      tilegpu.kernel_name = "k",
      tilegpu.shared_bytes = 0 : i64,
      tilegpu.params = [#tilegpu.param<name = "X", dtype = f32, shape = ["N"], role = output>,
                      #tilegpu.param<name = "alpha", dtype = f32>]} {
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
      tilegpu.kernel_name = "k",
      tilegpu.shared_bytes = 0 : i64,
      tilegpu.params = [#tilegpu.param<name = "X", dtype = f32, shape = ["N"], role = output>,
                      #tilegpu.param<name = "alpha", dtype = f32>]} {
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
      tilegpu.kernel_name = "k",
      tilegpu.shared_bytes = 0 : i64,
      tilegpu.params = [#tilegpu.param<name = "X", dtype = f32, shape = ["N"], role = output>,
                      #tilegpu.param<name = "alpha", dtype = f32>]} {
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
      tilegpu.kernel_name = "k",
      tilegpu.shared_bytes = 0 : i64,
      tilegpu.params = [#tilegpu.param<name = "X", dtype = f32, shape = ["N"], role = output>,
                      #tilegpu.param<name = "alpha", dtype = f32>]} {
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
      tilegpu.kernel_name = "k",
      tilegpu.shared_bytes = 0 : i64,
      tilegpu.params = [#tilegpu.param<name = "X", dtype = f32, shape = ["N"], role = output>,
                      #tilegpu.param<name = "alpha", dtype = f32>]} {
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
      tilegpu.kernel_name = "k",
      tilegpu.shared_bytes = 0 : i64,
      tilegpu.params = [#tilegpu.param<name = "X", dtype = f32, shape = ["N"], role = output>,
                      #tilegpu.param<name = "alpha", dtype = f32>]} {
    llvm.return
  }
}

// -----

// No params.
// CHECK: error: @k: 'tilegpu.params': missing
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %s: i64, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = ["N"],
      tilegpu.kernel_name = "k",
      tilegpu.shared_bytes = 0 : i64} {
    llvm.return
  }
}

// -----

// Params that expand to more arguments than the kernel has.
// CHECK: error: @k: 'tilegpu.params': expands to 4 kernel arguments under the manifest ABI, but the kernel has 3
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = ["N"],
      tilegpu.kernel_name = "k",
      tilegpu.shared_bytes = 0 : i64,
      tilegpu.params = [#tilegpu.param<name = "X", dtype = f32, shape = ["N"], role = output>,
                      #tilegpu.param<name = "alpha", dtype = f32>]} {
    llvm.return
  }
}

// -----

// A scalar of the wrong type.
// CHECK: error: @k: 'tilegpu.params': expected kernel argument 3 (scalar 'alpha') to be f32, got i32
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %s: i64, %alpha: i32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = ["N"],
      tilegpu.kernel_name = "k",
      tilegpu.shared_bytes = 0 : i64,
      tilegpu.params = [#tilegpu.param<name = "X", dtype = f32, shape = ["N"], role = output>,
                      #tilegpu.param<name = "alpha", dtype = f32>]} {
    llvm.return
  }
}

// -----

// A tensor pointer in the generic address space.
// CHECK: error: @k: 'tilegpu.params': expected kernel argument 0 (pointer of tensor 'X') to be !llvm.ptr<1>, got !llvm.ptr
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr, %n: i64, %s: i64, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = ["N"],
      tilegpu.kernel_name = "k",
      tilegpu.shared_bytes = 0 : i64,
      tilegpu.params = [#tilegpu.param<name = "X", dtype = f32, shape = ["N"], role = output>,
                      #tilegpu.param<name = "alpha", dtype = f32>]} {
    llvm.return
  }
}

// -----

// A 32-bit stride.
// CHECK: error: @k: 'tilegpu.params': expected kernel argument 2 (stride 0 of tensor 'X') to be i64, got i32
gpu.module @tessera {
  llvm.func @k(%x: !llvm.ptr<1>, %n: i64, %s: i32, %alpha: f32) attributes {
      nvvm.kernel,
      nvvm.maxntid = array<i32: 128, 1, 1>,
      tile.grid = affine_map<()[s0] -> (s0 ceildiv 128)>,
      tile.sizes = ["N"],
      tilegpu.kernel_name = "k",
      tilegpu.shared_bytes = 0 : i64,
      tilegpu.params = [#tilegpu.param<name = "X", dtype = f32, shape = ["N"], role = output>,
                      #tilegpu.param<name = "alpha", dtype = f32>]} {
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
      tilegpu.kernel_name = "k",
      tilegpu.shared_bytes = 0 : i64,
      tilegpu.params = [#tilegpu.param<name = "X", dtype = f32, shape = ["N"], role = output>,
                      #tilegpu.param<name = "alpha", dtype = f32>],
      tile.constants = {SCALE = "half"}} {
    llvm.return
  }
}
