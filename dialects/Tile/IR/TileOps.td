//===- TileOps.td - Operations of the tile dialect ----------*- tablegen -*-===//
//
// Part of Tessera. Every op has a summary, a description with an example, an
// explicit assembly format and, where declarative constraints do not say it
// all, a verifier whose messages read "expected X, got Y".
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_TILE_OPS_TD
#define TESSERA_TILE_OPS_TD

include "Tile/IR/TileBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

/// Base class of all tile ops. Ops are pure unless they say otherwise.
class Tile_Op<string mnemonic, list<Trait> traits = []>
    : Op<Tile_Dialect, mnemonic, traits>;

class Tile_PureOp<string mnemonic, list<Trait> traits = []>
    : Tile_Op<mnemonic, !listconcat([Pure], traits)>;

//===----------------------------------------------------------------------===//
// Program identity
//===----------------------------------------------------------------------===//

class Tile_GridQueryOp<string mnemonic, string what> : Tile_PureOp<mnemonic> {
  let arguments = (ins ConfinedAttr<I32Attr, [IntMinValue<0>, IntMaxValue<2>]>:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict";
  let summary = what # " along a grid axis (0, 1 or 2)";
}

def Tile_ProgramIdOp : Tile_GridQueryOp<"program_id", "the index of this program"> {
  let description = [{
    Returns the index of the running program (CTA) along `axis` of the grid.

    ```mlir
    %pid_m = tile.program_id 0
    ```
  }];
}

def Tile_NumProgramsOp : Tile_GridQueryOp<"num_programs", "the number of programs"> {
  let description = [{
    Returns the size of the grid along `axis`.

    ```mlir
    %n = tile.num_programs 1
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Views of global tensors
//===----------------------------------------------------------------------===//

def Tile_DimOp : Tile_PureOp<"dim"> {
  let summary = "the runtime size of one dimension of a view";
  let description = [{
    ```mlir
    %n = tile.dim %q, 1 : !tile.view<f16, 3>
    ```
  }];
  let arguments = (ins Tile_ViewType:$view, I32Attr:$index);
  let results = (outs I32:$result);
  let assemblyFormat = "$view `,` $index attr-dict `:` qualified(type($view))";
  let hasVerifier = 1;
}

def Tile_LoadOp : Tile_Op<"load", [MemoryEffects<[MemRead]>]> {
  let summary = "load a tile from a view, masking out-of-bounds elements";
  let description = [{
    Reads a tile whose rank `r` is at most the view's rank `R`. The view is
    indexed by `R` start offsets: the first `R - r` dimensions are indexed by
    a single element (and dropped); the last `r` dimensions are sliced as
    `[start, start + size)` with the sizes of the result tile. Elements at an
    index outside the view's sizes (in any dimension) are not read and take
    the value `padding` (0 by default), so a tile may run past the end of a
    tensor whose size is not a multiple of the tile.

    `in_bounds` (one flag per view dimension; `tilegpu-version-in-bounds`
    sets it) promises that the access stays inside the view along the
    dimensions it flags, so the GPU lowering checks only the others. A
    broken promise is undefined behaviour on the GPU and an error in the
    interpreter.

    ```mlir
    // Q[bh, m0 : m0 + 128, 0 : 64]
    %q = tile.load %Q[%bh, %m0, %c0] : !tile.view<f16, 3> -> tensor<128x64xf16>
    // The same where m0 + 128 <= Q's size 1 and bh is inside its size 0.
    %q = tile.load %Q[%bh, %m0, %c0] {in_bounds = array<i1: true, true, false>}
        : !tile.view<f16, 3> -> tensor<128x64xf16>
    ```
  }];
  let arguments = (ins Tile_ViewType:$view, Variadic<I32>:$indices,
                       DefaultValuedAttr<F64Attr, "0.0">:$padding,
                       OptionalAttr<DenseBoolArrayAttr>:$in_bounds);
  let results = (outs Tile_Tile:$result);
  let assemblyFormat = [{
    $view `[` $indices `]` attr-dict `:` qualified(type($view)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_NarrowOp : Tile_Op<"narrow", [Pure,
    AllTypesMatch<["view", "result"]>]> {
  let summary = "the part of a view along one dimension";
  let description = [{
    The view of elements `[start, start + length)` of dimension `dim` of
    `view`, re-indexed from 0, with every other dimension as it is
    (PyTorch's `narrow`). It is clipped to the view: its size is
    `min(length, size - start)`, and a `start` outside `[0, size]` gives an
    empty view. Loads and stores through it are masked at its bounds, so a
    tile may run past the end of a packed sequence without touching the next
    one. Narrowing the innermost dimension leaves the view aligned only to
    its element size (the GPU lowering rejects 16-byte accesses through such
    a view with a located error).

    ```mlir
    // The tokens of sequence b of a packed batch: Q[:, start : end, :]
    %qb = tile.narrow %Q, 1, %start, %len : !tile.view<f16, 3>
    ```
  }];
  let arguments = (ins Tile_ViewType:$view, I32Attr:$dim, I32:$start,
                       I32:$length);
  let results = (outs Tile_ViewType:$result);
  let assemblyFormat = [{
    $view `,` $dim `,` $start `,` $length attr-dict `:` qualified(type($view))
  }];
  let hasVerifier = 1;
}

def Tile_LoadScalarOp : Tile_Op<"load_scalar", [MemoryEffects<[MemRead]>]> {
  let summary = "load one element of a view";
  let description = [{
    Reads the element `view[indices]`, one `i32` index per dimension, as a
    scalar of the view's element type: a data-dependent offset (the start of
    a sequence in a packed batch, a page of a block table, a per-head
    parameter). An index outside the view's sizes reads `padding` (0 by
    default) instead of memory. Every thread of the program reads the same
    element.

    ```mlir
    // start = CuSeqlens[b]
    %start = tile.load_scalar %CuSeqlens[%b] : !tile.view<i32, 1> -> i32
    ```
  }];
  let arguments = (ins Tile_ViewType:$view, Variadic<I32>:$indices,
                       DefaultValuedAttr<F64Attr, "0.0">:$padding);
  let results = (outs AnyTypeOf<[F16, BF16, F32, I32, I1]>:$result);
  let assemblyFormat = [{
    $view `[` $indices `]` attr-dict `:` qualified(type($view)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_StoreScalarOp : Tile_Op<"store_scalar", [MemoryEffects<[MemWrite]>]> {
  let summary = "store one element of a view";
  let description = [{
    The inverse of `tile.load_scalar`: writes `value` at `view[indices]`,
    one `i32` index per dimension (a row's mean or a program's partial sum);
    nothing is written where an index falls outside the view's sizes. The
    value is the program's, so the program writes the element once (on the
    GPU, from one thread).

    ```mlir
    // Mean[row] = mean
    tile.store_scalar %mean, %Mean[%row] : f32 -> !tile.view<f32, 1>
    ```
  }];
  let arguments = (ins AnyTypeOf<[F16, BF16, F32, I32, I1]>:$value,
                       Tile_ViewType:$view, Variadic<I32>:$indices);
  let assemblyFormat = [{
    $value `,` $view `[` $indices `]` attr-dict `:` type($value) `->` qualified(type($view))
  }];
  let hasVerifier = 1;
}

def Tile_StoreOp : Tile_Op<"store", [MemoryEffects<[MemWrite]>]> {
  let summary = "store a tile into a view, skipping out-of-bounds elements";
  let description = [{
    The inverse of `tile.load`: writes `value` at the same slice; elements
    whose index falls outside the view's sizes are not written. `in_bounds`
    promises what it promises on `tile.load`.

    ```mlir
    tile.store %o, %Out[%bh, %m0, %c0] : tensor<128x64xf16> -> !tile.view<f16, 3>
    ```
  }];
  let arguments = (ins Tile_Tile:$value, Tile_ViewType:$view, Variadic<I32>:$indices,
                       OptionalAttr<DenseBoolArrayAttr>:$in_bounds);
  let assemblyFormat = [{
    $value `,` $view `[` $indices `]` attr-dict `:` type($value) `->` qualified(type($view))
  }];
  let hasVerifier = 1;
}

def Tile_AtomicAddOp : Tile_Op<"atomic_add", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "add a tile (or a scalar) to a view's elements atomically";
  let description = [{
    Adds `value` to the elements of the view at the slice `indices` address
    (as `tile.store` writes them), each addition atomic with respect to the
    other programs' (`tl.atomic_add`; split-K partial sums, a column sum over
    row blocks, histograms). Elements outside the view are skipped. A scalar
    value takes one index per dimension and adds to one element, once a
    program. `f32` and `i32` views; the order of the programs' additions is
    the hardware's, so `f32` sums may differ from a sequential sum by
    rounding.

    ```mlir
    // DW[0 : 256] += partial (atomically)
    tile.atomic_add %partial, %DW[%c0] : tensor<256xf32> -> !tile.view<f32, 1>
    ```
  }];
  let arguments = (ins AnyTypeOf<[Tile_Tile, F32, I32]>:$value, Tile_ViewType:$view,
                       Variadic<I32>:$indices);
  let assemblyFormat = [{
    $value `,` $view `[` $indices `]` attr-dict `:` type($value) `->` qualified(type($view))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tile construction and shape ops
//===----------------------------------------------------------------------===//

def Tile_SplatOp : Tile_PureOp<"splat"> {
  let summary = "a tile filled with one scalar";
  let description = [{
    ```mlir
    %t = tile.splat %x : f32 -> tensor<128x64xf32>
    ```
  }];
  let arguments = (ins Tile_Scalar:$value);
  let results = (outs Tile_Tile:$result);
  let assemblyFormat = "$value attr-dict `:` type($value) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tile_IotaOp : Tile_PureOp<"iota"> {
  let summary = "the 1-D tile 0, 1, ..., n-1";
  let description = [{
    ```mlir
    %cols = tile.iota : tensor<64xi32>
    ```
  }];
  let results = (outs 1DTensorOf<[I32, I64]>:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Tile_ExpandDimsOp : Tile_PureOp<"expand_dims"> {
  let summary = "insert a dimension of size 1";
  let description = [{
    ```mlir
    %col = tile.expand_dims %m axis 1 : tensor<128xf32> -> tensor<128x1xf32>
    ```
  }];
  let arguments = (ins Tile_Tile:$src, I32Attr:$axis);
  let results = (outs Tile_Tile:$result);
  let assemblyFormat = "$src `axis` $axis attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Tile_BroadcastOp : Tile_PureOp<"broadcast"> {
  let summary = "repeat dimensions of size 1 to a larger shape";
  let description = [{
    Operand and result have the same rank and element type; every operand
    dimension is either 1 or equal to the result's.

    ```mlir
    %b = tile.broadcast %col : tensor<128x1xf32> -> tensor<128x64xf32>
    ```
  }];
  let arguments = (ins Tile_Tile:$src);
  let results = (outs Tile_Tile:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Tile_TransOp : Tile_PureOp<"trans"> {
  let summary = "transpose a 2-D tile";
  let description = [{
    ```mlir
    %kt = tile.trans %k : tensor<64x64xf16> -> tensor<64x64xf16>
    ```
  }];
  let arguments = (ins Tile_Tile2D:$src);
  let results = (outs Tile_Tile2D:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Compute
//===----------------------------------------------------------------------===//

def Tile_DotOp : Tile_PureOp<"dot", [AllTypesMatch<["acc", "result"]>]> {
  let summary = "matrix product with accumulation: a · b + acc";
  let description = [{
    `a` is M×K, `b` is K×N, both `f16` or both `bf16`; `acc` and the result
    are M×N `f32`. Products are accumulated in fp32 (tensor-core semantics).

    ```mlir
    %s = tile.dot %q, %kt, %zero : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
    ```
  }];
  let arguments = (ins Tile_Tile2D:$a, Tile_Tile2D:$b, Tile_Tile2D:$acc);
  let results = (outs Tile_Tile2D:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $acc attr-dict `:` type($a) `,` type($b) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_ReduceOp : Tile_PureOp<"reduce"> {
  let summary = "reduce a tile along one axis with max, min, sum, argmax or argmin";
  let description = [{
    Removes dimension `axis`. Floating-point sums are accumulated in the
    element type of the operand (use `f32` tiles for softmax statistics).

    `argmax` and `argmin` give the `i32` index along `axis` of the largest
    (smallest) element: the lowest index among equal ones, and the first
    NaN where there is one (as `torch.argmax` does: a NaN is both the
    largest and the smallest element). That order is total, so the index
    does not depend on the order in which a parallel reduction combines.

    ```mlir
    %rowmax = tile.reduce max %s axis 1 : tensor<128x64xf32> -> tensor<128xf32>
    %best = tile.reduce argmax %s axis 1 : tensor<128x64xf32> -> tensor<128xi32>
    ```
  }];
  let arguments = (ins Tile_ReduceKind:$kind, Tile_Tile:$src, I32Attr:$axis);
  let results = (outs Tile_Tile:$result);
  let assemblyFormat = [{
    $kind $src `axis` $axis attr-dict `:` type($src) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_ScanOp : Tile_PureOp<"scan", [AllTypesMatch<["src", "result"]>]> {
  let summary = "the inclusive prefix sums of a tile along one axis";
  let description = [{
    Element i along `axis` of the result is the sum of the elements 0 ... i
    along it (Triton's `tl.cumsum`, `torch.cumsum`). The interpreter sums in
    index order in the element type; a parallel scan sums in another order,
    so float results agree within rounding (use `f32` tiles).

    ```mlir
    %c = tile.scan %x axis 1 : tensor<4x512xf32>
    ```
  }];
  let arguments = (ins Tile_Tile:$src, I32Attr:$axis);
  let results = (outs Tile_Tile:$result);
  let assemblyFormat = "$src `axis` $axis attr-dict `:` type($src)";
  let hasVerifier = 1;
}

def Tile_ToScalarOp : Tile_PureOp<"to_scalar"> {
  let summary = "the element of a tile of one element, as a scalar";
  let description = [{
    Every dimension of `src` has size 1. The frontend reduces a 1-D tile to
    a scalar (`sum(x, axis=0)`) as a reduction to a one-element tile and
    this op.

    ```mlir
    %ms = tile.to_scalar %sum : tensor<1xf32> -> f32
    ```
  }];
  let arguments = (ins Tile_Tile:$src);
  let results = (outs AnyTypeOf<[F16, BF16, F32, I32, I1]>:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def Tile_OnlineSoftmaxOp : Tile_PureOp<"online_softmax", [
    AllTypesMatch<["m", "l", "newM", "newL"]>,
    AllTypesMatch<["acc", "newAcc"]>]> {
  let summary = "one FlashAttention state update (m, l, acc) <- (scores, v)";
  let description = [{
    The online-softmax step of FlashAttention, in the base-2 domain. With
    `t = scores * scale` (`scale` defaults to 1; pass `sm_scale * log2(e)` to
    get natural-exponent softmax):

    ```
    m'   = max(m, rowmax(t))
    p    = exp2(t - m')                 (M×N, f32)
    a    = exp2(m - m')                 (M,   f32)
    l'   = a * l + rowsum(p)
    acc' = a * acc + dot(cast<v.dtype>(p), v)
    ```

    `scores` is M×N f32, `v` is N×D f16/bf16, `m` and `l` are M f32 and `acc`
    is M×D f32. The final output is `acc / l` and the log-sum-exp of a row is
    `(m + log2(l)) * ln(2)`. `tile-decompose-online-softmax` rewrites this op
    into exactly the steps above. A row must see at least one finite score in
    its first update (m = -inf after an update gives NaN).

    ```mlir
    %m1, %l1, %acc1 = tile.online_softmax %s, %v, %m0, %l0, %acc0 scale %qk_scale
        : tensor<128x64xf32>, tensor<64x64xf16>, tensor<128xf32>, tensor<128x64xf32>
    ```
  }];
  let arguments = (ins Tile_F32Tile:$scores, Tile_Tile2D:$v, Tile_F32Tile:$m,
                       Tile_F32Tile:$l, Tile_F32Tile:$acc, Optional<F32>:$scale);
  let results = (outs Tile_F32Tile:$newM, Tile_F32Tile:$newL, Tile_F32Tile:$newAcc);
  let assemblyFormat = [{
    $scores `,` $v `,` $m `,` $l `,` $acc (`scale` $scale^)? attr-dict
      `:` type($scores) `,` type($v) `,` type($m) `,` type($acc)
  }];
  let hasVerifier = 1;
}

#endif // TESSERA_TILE_OPS_TD
