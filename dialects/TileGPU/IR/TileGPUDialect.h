//===- TileGPUDialect.h - GPU layouts of tiles ------------------*- C++ -*-===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_DIALECT_TILEGPU_IR_TILEGPUDIALECT_H
#define TESSERA_DIALECT_TILEGPU_IR_TILEGPUDIALECT_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"

#include "Tile/IR/TileDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "TileGPU/IR/TileGPUDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "TileGPU/IR/TileGPUAttrs.h.inc"

#define GET_OP_CLASSES
#include "TileGPU/IR/TileGPUOps.h.inc"

#endif // TESSERA_DIALECT_TILEGPU_IR_TILEGPUDIALECT_H
