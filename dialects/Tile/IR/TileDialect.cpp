//===- TileDialect.cpp - The tile dialect, types and kernel attributes ----===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//

#include "Tile/IR/TileDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace tessera::tile;

#include "Tile/IR/TileDialect.cpp.inc"
#include "Tile/IR/TileEnums.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "Tile/IR/TileTypes.cpp.inc"

void TileDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "Tile/IR/TileTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "Tile/IR/TileOps.cpp.inc"
      >();
}

Operation *TileDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                            Type type, Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}

//===----------------------------------------------------------------------===//
// ViewType
//===----------------------------------------------------------------------===//

LogicalResult ViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                               Type elementType, unsigned rank) {
  if (!elementType.isF16() && !elementType.isBF16() && !elementType.isF32() &&
      !elementType.isInteger(32) && !elementType.isInteger(64))
    return emitError() << "expected view element type f16, bf16, f32, i32 or "
                          "i64, got "
                       << elementType;
  if (rank < 1 || rank > 4)
    return emitError() << "expected view rank in [1, 4], got " << rank;
  return success();
}

//===----------------------------------------------------------------------===//
// Kernel attributes
//===----------------------------------------------------------------------===//

std::optional<int64_t> tessera::tile::getIntValue(Attribute attr) {
  auto value = dyn_cast_if_present<IntegerAttr>(attr);
  if (!value || !(value.getType().isSignlessInteger() ||
                  value.getType().isIndex()))
    return std::nullopt;
  const APInt &bits = value.getValue();
  if (bits.getBitWidth() == 1 || bits.getSignificantBits() > 64)
    return std::nullopt;
  return bits.getSExtValue();
}

/// Verifies an attribute that must be an integer in [1, max]; `why` says
/// where the bound comes from.
static LogicalResult verifyIntInRange(Operation *op, NamedAttribute attr,
                                      int64_t max, StringRef why) {
  std::optional<int64_t> value = getIntValue(attr.getValue());
  if (!value || *value < 1 || *value > max)
    return op->emitError() << "expected '" << attr.getName().getValue()
                           << "' to be an integer in [1, " << max << "] ("
                           << why << "), got " << attr.getValue();
  return success();
}

static LogicalResult verifyGrid(Operation *op, NamedAttribute attr) {
  auto grid = dyn_cast<AffineMapAttr>(attr.getValue());
  if (!grid)
    return op->emitError() << "expected '" << attr.getName().getValue()
                           << "' to be an affine map, got " << attr.getValue();
  AffineMap map = grid.getValue();
  if (map.getNumDims() != 0)
    return op->emitError() << "expected a grid map with symbols only, got "
                           << map.getNumDims() << " dimensions";
  if (map.getNumResults() < 1 || map.getNumResults() > 3)
    return op->emitError() << "expected 1 to 3 grid dimensions, got "
                           << map.getNumResults();
  auto sizes = op->getAttrOfType<ArrayAttr>(TileDialect::kSizesAttrName);
  unsigned numSizes = sizes ? sizes.size() : 0;
  if (map.getNumSymbols() != numSizes)
    return op->emitError() << "expected the grid map to have one symbol per "
                              "entry of 'tile.sizes' ("
                           << numSizes << "), got " << map.getNumSymbols();
  return success();
}

static LogicalResult verifySizes(Operation *op, NamedAttribute attr) {
  auto sizes = dyn_cast<ArrayAttr>(attr.getValue());
  if (!sizes)
    return op->emitError() << "expected 'tile.sizes' to be an array of "
                              "strings, got "
                           << attr.getValue();
  llvm::StringSet<> seen;
  for (Attribute size : sizes) {
    auto name = dyn_cast<StringAttr>(size);
    if (!name)
      return op->emitError() << "expected 'tile.sizes' entries to be strings, "
                                "got "
                             << size;
    if (!seen.insert(name.getValue()).second)
      return op->emitError() << "expected distinct size names, got '"
                             << name.getValue() << "' twice";
  }
  return success();
}

/// The integer attribute `name` of `kernel`, or `fallback`.
static unsigned getUnsignedAttr(Operation *kernel, StringRef name,
                                unsigned fallback) {
  auto attr = kernel->getAttrOfType<IntegerAttr>(name);
  return attr ? attr.getInt() : fallback;
}

unsigned TileDialect::getNumWarps(Operation *kernel) {
  return getUnsignedAttr(kernel, kNumWarpsAttrName, kDefaultNumWarps);
}

unsigned TileDialect::getNumStages(Operation *kernel) {
  return getUnsignedAttr(kernel, kNumStagesAttrName, kDefaultNumStages);
}

/// A schedule request of `kernel` (`@kernel(overlap_dots=...)` and the
/// like): its boolean attribute `name`, false when absent.
static bool getFlag(Operation *kernel, StringRef name) {
  auto attr = kernel->getAttrOfType<BoolAttr>(name);
  return attr && attr.getValue();
}

bool TileDialect::getOverlapDots(Operation *kernel) {
  return getFlag(kernel, kOverlapDotsAttrName);
}

bool TileDialect::getWarpSpecialize(Operation *kernel) {
  return getFlag(kernel, kWarpSpecializeAttrName);
}

bool TileDialect::getPingPong(Operation *kernel) {
  return getFlag(kernel, kPingPongAttrName);
}

bool TileDialect::getPrefetchRegisters(Operation *kernel) {
  return getFlag(kernel, kPrefetchRegistersAttrName);
}

bool TileDialect::getPersistent(Operation *kernel) {
  return getFlag(kernel, kPersistentAttrName);
}

LogicalResult TileDialect::verifyOperationAttribute(Operation *op,
                                                    NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  bool isKernelAttr = name == kKernelAttrName || name == kSizesAttrName ||
                      name == kGridAttrName || name == kConstantsAttrName ||
                      name == kNumWarpsAttrName || name == kNumStagesAttrName ||
                      name == kOverlapDotsAttrName ||
                      name == kWarpSpecializeAttrName ||
                      name == kPingPongAttrName ||
                      name == kPrefetchRegistersAttrName ||
                      name == kPersistentAttrName;
  if (!isKernelAttr)
    return op->emitError() << "unknown tile dialect attribute '" << name << "'";
  // Kernel metadata stays on the function through lowering (func.func, then
  // llvm.func).
  if (!isa<FunctionOpInterface>(op))
    return op->emitError() << "expected '" << name
                           << "' on a function, got it on '" << op->getName()
                           << "'";
  if (name == kKernelAttrName) {
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitError() << "expected 'tile.kernel' to be a unit attribute";
    return success();
  }
  if (name == kSizesAttrName)
    return verifySizes(op, attr);
  if (name == kGridAttrName)
    return verifyGrid(op, attr);
  if (name == kConstantsAttrName) {
    if (!isa<DictionaryAttr>(attr.getValue()))
      return op->emitError() << "expected 'tile.constants' to be a dictionary, "
                                "got "
                             << attr.getValue();
    return success();
  }
  // The bounds of tilegpu::kMaxWarps and tilegpu::kMaxStages (this
  // dialect does not depend on tilegpu).
  if (name == kNumWarpsAttrName)
    return verifyIntInRange(op, attr, 32, "a CTA has at most 1024 threads");
  if (name == kOverlapDotsAttrName || name == kWarpSpecializeAttrName ||
      name == kPingPongAttrName || name == kPrefetchRegistersAttrName ||
      name == kPersistentAttrName) {
    if (!isa<BoolAttr>(attr.getValue()))
      return op->emitError() << "expected '" << name
                             << "' to be a boolean, got " << attr.getValue();
    return success();
  }
  return verifyIntInRange(op, attr, 8,
                          "the depth of the cp.async ring; every stage is a "
                          "shared-memory copy of each pipelined tile, so "
                          "shared memory bounds it anyway");
}

/// `tile.shape` on a view argument: one entry per dimension, each a size name
/// declared in the kernel's `tile.sizes` or a fixed integer size.
static LogicalResult verifyShapeArgAttr(Operation *op, Type argType,
                                        Attribute value) {
  auto view = dyn_cast<ViewType>(argType);
  if (!view)
    return op->emitError() << "expected 'tile.shape' on a !tile.view "
                              "argument, got it on "
                           << argType;
  auto shape = dyn_cast<ArrayAttr>(value);
  if (!shape || shape.size() != view.getRank())
    return op->emitError() << "expected 'tile.shape' with " << view.getRank()
                           << " entries, got " << value;
  auto sizes = op->getAttrOfType<ArrayAttr>(TileDialect::kSizesAttrName);
  for (Attribute dim : shape) {
    if (auto fixed = dyn_cast<IntegerAttr>(dim)) {
      std::optional<int64_t> size = getIntValue(fixed);
      if (!size || *size < 1)
        return op->emitError() << "expected a positive fixed size, got "
                               << fixed;
      continue;
    }
    auto name = dyn_cast<StringAttr>(dim);
    if (!name)
      return op->emitError() << "expected a size name or an integer in "
                                "'tile.shape', got "
                             << dim;
    if (!sizes || !llvm::is_contained(sizes.getValue(), name))
      return op->emitError() << "expected size '" << name.getValue()
                             << "' to be declared in 'tile.sizes'";
  }
  return success();
}

LogicalResult TileDialect::verifyRegionArgAttribute(Operation *op,
                                                    unsigned regionIndex,
                                                    unsigned argIndex,
                                                    NamedAttribute attr) {
  Type argType = op->getRegion(regionIndex).getArgument(argIndex).getType();
  StringRef name = attr.getName().getValue();
  if (name == kShapeAttrName)
    return verifyShapeArgAttr(op, argType, attr.getValue());
  if (name == kRoleAttrName) {
    auto role = dyn_cast<StringAttr>(attr.getValue());
    if (!role || !llvm::is_contained({"input", "output", "inout"},
                                     role.getValue()))
      return op->emitError() << "expected 'tile.role' to be \"input\", "
                                "\"output\" or \"inout\", got "
                             << attr.getValue();
    return success();
  }
  if (name == kNameAttrName) {
    if (!isa<StringAttr>(attr.getValue()))
      return op->emitError() << "expected 'tile.name' to be a string, got "
                             << attr.getValue();
    return success();
  }
  if (name == kInitAttrName) {
    if (!isa<FloatAttr>(attr.getValue()))
      return op->emitError() << "expected 'tile.init' to be a float, got "
                             << attr.getValue();
    return success();
  }
  return op->emitError() << "unknown tile dialect argument attribute '" << name
                         << "'";
}
