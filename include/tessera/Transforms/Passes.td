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

#endif // TESSERA_TRANSFORMS_PASSES_TD
