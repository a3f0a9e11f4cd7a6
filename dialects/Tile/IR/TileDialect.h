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

#endif // TESSERA_DIALECT_TILE_IR_TILEDIALECT_H
