//===- TileDialect.h - The tile dialect -------------------------*- C++ -*-===//
//
// Part of Tessera. Declares the `tile` dialect, its types, enums and ops.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_DIALECT_TILE_IR_TILEDIALECT_H
#define TESSERA_DIALECT_TILE_IR_TILEDIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "Tile/IR/TileDialect.h.inc"
#include "Tile/IR/TileEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "Tile/IR/TileTypes.h.inc"

#define GET_OP_CLASSES
#include "Tile/IR/TileOps.h.inc"

#include <optional>

namespace tessera::tile {

/// The value of an integer attribute of a signless (or index) type that fits
/// in 64 bits, or nothing: IntegerAttr::getInt() asserts on unsigned types
/// and on wider values, so verifiers read attributes through this.
std::optional<int64_t> getIntValue(mlir::Attribute attr);

/// Whether a reduction gives indices (argmax, argmin) rather than values.
inline bool isArgReduction(ReduceKind kind) {
  return kind == ReduceKind::ArgMax || kind == ReduceKind::ArgMin;
}

} // namespace tessera::tile

#endif // TESSERA_DIALECT_TILE_IR_TILEDIALECT_H
