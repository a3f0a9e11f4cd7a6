//===- Passes.td - Transformations of the tile dialect -----*- tablegen -*-===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_TRANSFORMS_PASSES_TD
#define TESSERA_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TileDecomposeOnlineSoftmax : Pass<"tile-decompose-online-softmax"> {
  let summary = "Rewrite tile.online_softmax into max / exp2 / sum / rescale / dot";
  let description = [{
    Input: any IR with `tile.online_softmax` ops. Output: the same IR where
    each one is replaced by exactly these steps (M×N scores, N×D values):

    ```
    t     = scores * splat(scale)                  // only when scale is given
    mx    = tile.reduce max t axis 1               // M
    m'    = arith.maximumf m, mx                   // M
    p     = math.exp2 (t - broadcast(m'))          // M×N
    a     = math.exp2 (m - m')                     // M
    l'    = a * l + tile.reduce sum p axis 1       // M
    acc'  = tile.dot (truncf p), v, acc * broadcast(a)
    ```

    so that users (and later passes) can see and change every step. The
    rescale of `acc` is folded into the accumulator of the dot.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect"];
}

def TileGPUAssignLayouts : Pass<"tilegpu-assign-layouts", "::mlir::func::FuncOp"> {
  let summary = "Give every tile of a kernel a GPU layout (#tilegpu encodings)";
  let description = [{
    Input: a tile kernel whose `tile.online_softmax` ops have been decomposed.
    Output: the same kernel where every tensor type carries an encoding:

    - the accumulator and result of `tile.dot` are `#tilegpu.mma` with the
      kernel's warps all along the rows (split-Q: `warpsM = num_warps`,
      `warpsN = 1`), so row reductions stay inside a warp;
    - dot operands loaded from memory (directly or through `tile.trans`) are
      `#tilegpu.shared`: staged through shared memory and read by `ldmatrix`;
      an A operand computed in registers (P of P·V) keeps the mma layout and
      is reused as the A fragment without a shared-memory round trip;
    - `tile.reduce` of an mma tile gives a `#tilegpu.slice`, `tile.expand_dims`
      keeps it, `tile.broadcast` of it gives the parent mma layout back;
    - elementwise ops, `scf.for` carried values and `scf.yield`s share the
      layout of their operands; constants, splats and iotas are cloned per
      use and take the layout their use needs.

    A value that would need two different layouts is an error (layout
    conversions are not implemented yet), as is an mma tile whose shape does
    not divide into 16×8 fragments over the warps.
  }];
  let options = [
    Option<"numWarps", "num-warps", "unsigned", /*default=*/"0",
           "Warps per CTA (0: the kernel's tile.num_warps, or 4)">,
  ];
  let dependentDialects = ["::tessera::tilegpu::TileGPUDialect"];
}

#endif // TESSERA_TRANSFORMS_PASSES_TD
