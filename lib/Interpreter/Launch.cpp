//===- Launch.cpp - Kernel queries and launches ---------------------------===//
//
// Part of Tessera. The public entry points of the interpreter other than
// resolveLaunch (Interpreter.cpp): queries on a kernel's attributes, and
// runKernel, which binds the arguments and runs every program of the grid.
//
//===----------------------------------------------------------------------===//

#include "tessera/Interpreter/Interpreter.h"

#include "ProgramRunner.h"

#include "Tile/IR/TileDialect.h"

#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace tessera;
using namespace tessera::interp;

bool tessera::interp::isKernel(func::FuncOp func) {
  return func->hasAttr(tile::TileDialect::kKernelAttrName);
}

std::string tessera::interp::getArgumentName(func::FuncOp kernel,
                                             unsigned index) {
  auto name = kernel.getArgAttrOfType<StringAttr>(
      index, tile::TileDialect::kNameAttrName);
  return name ? name.getValue().str() : "";
}

std::optional<int64_t> tessera::interp::getKernelConstant(func::FuncOp kernel,
                                                          StringRef name) {
  auto constants = kernel->getAttrOfType<DictionaryAttr>(
      tile::TileDialect::kConstantsAttrName);
  if (!constants)
    return std::nullopt;
  Attribute value = constants.get(name);
  // A BoolAttr is an i1 IntegerAttr, whose sign-extended `true` would be -1.
  if (auto boolean = dyn_cast_if_present<BoolAttr>(value))
    return boolean.getValue() ? 1 : 0;
  if (auto integer = dyn_cast_if_present<IntegerAttr>(value))
    return integer.getValue().getSExtValue();
  return std::nullopt;
}

LogicalResult tessera::interp::runKernel(func::FuncOp kernel,
                                         ArrayRef<KernelArg> args,
                                         int64_t ctas) {
  FailureOr<LaunchConfig> config = resolveLaunch(kernel, args, ctas);
  if (failed(config))
    return failure();

  SmallVector<RtValue> argValues;
  for (auto [arg, karg] : llvm::zip_equal(kernel.getArguments(), args)) {
    Type type = arg.getType();
    if (karg.isTensor()) {
      argValues.push_back(RtValue::ofView(type, ViewRef::whole(&karg.getTensor())));
    } else if (isa<FloatType>(type)) {
      argValues.push_back(RtValue::scalar(
          type,
          fromFloat(roundToFloatDType(karg.getScalar(), floatDType(type)))));
    } else {
      argValues.push_back(RtValue::scalar(
          type, fromInt(floatToSigned(karg.getScalar(), intWidth(type)))));
    }
  }

  LaunchState launch;
  launch.config = *config;
  std::array<int64_t, 3> grid = config->grid;
  SmallVector<RtValue> results;
  for (int64_t z = 0; z < grid[2]; ++z) {
    for (int64_t y = 0; y < grid[1]; ++y) {
      for (int64_t x = 0; x < grid[0]; ++x) {
        ProgramRunner program(launch, {x, y, z});
        results.clear();
        if (failed(
                program.runBlock(kernel.getBody().front(), argValues, results)))
          return failure();
      }
    }
  }
  return success();
}
