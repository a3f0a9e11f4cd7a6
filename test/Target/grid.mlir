// Grid maps print as expressions of the manifest grammar (docs/manifest.md,
// "Grid expressions"). tessera-translate --emit=grid also parses each printed
// expression with the runtime's parser and evaluates it against the affine
// map on every assignment of {1, 2, 7, 64, 65, 1000} to the sizes: a printer
// bug that changes a value fails the RUN line.
// RUN: tessera-translate %s --split-input-file --emit=grid | FileCheck %s

// ceildiv; symbols used out of order; a constant dimension
// CHECK: grid[0] = cdiv(N, 128){{$}}
// CHECK-NEXT: grid[1] = BH{{$}}
// CHECK-NEXT: grid[2] = 1{{$}}
// CHECK-NEXT: -----
gpu.module @tessera {
  llvm.func @k() attributes {nvvm.kernel,
      tile.grid = affine_map<()[s0, s1] -> (s1 ceildiv 128, s0, 1)>,
      tile.sizes = ["BH", "N"]} {
    llvm.return
  }
}

// -----

// floordiv binds tighter than +
// CHECK-NEXT: grid[0] = N / 64 + 1{{$}}
// CHECK-NEXT: -----
gpu.module @tessera {
  llvm.func @k() attributes {nvvm.kernel,
      tile.grid = affine_map<()[s0] -> (s0 floordiv 64 + 1)>,
      tile.sizes = ["N"]} {
    llvm.return
  }
}

// -----

// `a + b * -1` prints as a subtraction
// CHECK-NEXT: grid[0] = N - M{{$}}
// CHECK-NEXT: -----
gpu.module @tessera {
  llvm.func @k() attributes {nvvm.kernel,
      tile.grid = affine_map<()[s0, s1] -> (s0 - s1)>,
      tile.sizes = ["N", "M"]} {
    llvm.return
  }
}

// -----

// no parentheses around call arguments
// CHECK-NEXT: grid[0] = cdiv(N + M, 64){{$}}
// CHECK-NEXT: -----
gpu.module @tessera {
  llvm.func @k() attributes {nvvm.kernel,
      tile.grid = affine_map<()[s0, s1] -> ((s0 + s1) ceildiv 64)>,
      tile.sizes = ["N", "M"]} {
    llvm.return
  }
}

// -----

// a semi-affine product
// CHECK-NEXT: grid[0] = N * M{{$}}
// CHECK-NEXT: -----
gpu.module @tessera {
  llvm.func @k() attributes {nvvm.kernel,
      tile.grid = affine_map<()[s0, s1] -> (s0 * s1)>,
      tile.sizes = ["N", "M"]} {
    llvm.return
  }
}

// -----

// a sum under % keeps its parentheses
// CHECK-NEXT: grid[0] = (N - M * 2) % 7{{$}}
// CHECK-NEXT: -----
gpu.module @tessera {
  llvm.func @k() attributes {nvvm.kernel,
      tile.grid = affine_map<()[s0, s1] -> ((s0 - s1 * 2) mod 7)>,
      tile.sizes = ["N", "M"]} {
    llvm.return
  }
}

// -----

// a sum as the divisor keeps its parentheses
// CHECK-NEXT: grid[0] = N / (M + 1){{$}}
// CHECK-NEXT: -----
gpu.module @tessera {
  llvm.func @k() attributes {nvvm.kernel,
      tile.grid = affine_map<()[s0, s1] -> (s0 floordiv (s1 + 1))>,
      tile.sizes = ["N", "M"]} {
    llvm.return
  }
}

// -----

// `x * -1` prints as unary minus
// CHECK-NEXT: grid[0] = -N + 100{{$}}
// CHECK-NEXT: -----
gpu.module @tessera {
  llvm.func @k() attributes {nvvm.kernel,
      tile.grid = affine_map<()[s0] -> (-s0 + 100)>,
      tile.sizes = ["N"]} {
    llvm.return
  }
}

// -----

// calls need no parentheses
// CHECK-NEXT: grid[0] = cdiv(N, 64) * cdiv(M, 2){{$}}
// CHECK-NEXT: -----
gpu.module @tessera {
  llvm.func @k() attributes {nvvm.kernel,
      tile.grid = affine_map<()[s0, s1] -> ((s0 ceildiv 64) * (s1 ceildiv 2))>,
      tile.sizes = ["N", "M"]} {
    llvm.return
  }
}

// -----

// a right operand at the same level keeps its parentheses (N * M / 2 differs)
// CHECK-NEXT: grid[0] = N * (M / 2){{$}}
// CHECK-NEXT: -----
gpu.module @tessera {
  llvm.func @k() attributes {nvvm.kernel,
      tile.grid = affine_map<()[s0, s1] -> (s0 * (s1 floordiv 2))>,
      tile.sizes = ["N", "M"]} {
    llvm.return
  }
}

// -----

// three dimensions; `a - (b + c)`
// CHECK-NEXT: grid[0] = cdiv(N, 64) * BH{{$}}
// CHECK-NEXT: grid[1] = Z - (N + BH){{$}}
// CHECK-NEXT: grid[2] = cdiv(N * 3 - 1, 4){{$}}
// CHECK-NEXT: -----
gpu.module @tessera {
  llvm.func @k() attributes {nvvm.kernel,
      tile.grid = affine_map<()[s0, s1, s2] -> ((s0 ceildiv 64) * s1, s2 - (s0 + s1), (s0 * 3 - 1) ceildiv 4)>,
      tile.sizes = ["N", "BH", "Z"]} {
    llvm.return
  }
}

// -----

// negating a quotient
// CHECK-NEXT: grid[0] = -(N / 2){{$}}
// CHECK-NEXT: -----
gpu.module @tessera {
  llvm.func @k() attributes {nvvm.kernel,
      tile.grid = affine_map<()[s0] -> (-(s0 floordiv 2))>,
      tile.sizes = ["N"]} {
    llvm.return
  }
}

// -----

// subtracting a call
// CHECK-NEXT: grid[0] = N - cdiv(M, 2){{$}}
// CHECK-NEXT: -----
gpu.module @tessera {
  llvm.func @k() attributes {nvvm.kernel,
      tile.grid = affine_map<()[s0, s1] -> (s0 - s1 ceildiv 2)>,
      tile.sizes = ["N", "M"]} {
    llvm.return
  }
}

// -----

// a semi-affine mod
// CHECK-NEXT: grid[0] = N % M + 2{{$}}
// CHECK-NEXT: -----
gpu.module @tessera {
  llvm.func @k() attributes {nvvm.kernel,
      tile.grid = affine_map<()[s0, s1] -> (s0 mod s1 + 2)>,
      tile.sizes = ["N", "M"]} {
    llvm.return
  }
}

// -----

// a folded constant
// CHECK-NEXT: grid[0] = 7{{$}}
// CHECK-NOT: grid
gpu.module @tessera {
  llvm.func @k() attributes {nvvm.kernel,
      tile.grid = affine_map<()[s0] -> (7)>,
      tile.sizes = ["N"]} {
    llvm.return
  }
}
