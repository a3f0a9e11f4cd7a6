//===- Interpreter.cpp - CPU interpreter of tile-dialect kernels ----------===//
//
// Part of Tessera. Checks the arguments of a launch against the kernel
// signature and evaluates its grid (resolveLaunch). The interpreter itself:
//   RtValue.h            values of the interpreted program;
//   TileMath.h/.cpp      the GPU numeric model, elementwise and tile math;
//   ProgramRunner.h/.cpp one program of the grid: the op dispatch, control
//                        flow and the tile ops;
//   ElementwiseOps.cpp   the arith and math ops;
//   Launch.cpp           kernel queries and runKernel.
//
//===----------------------------------------------------------------------===//

#include "tessera/Interpreter/Interpreter.h"

#include "RtValue.h"

#include "Tile/IR/TileDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringMap.h"

using namespace mlir;
using namespace tessera;
using namespace tessera::interp;

//===----------------------------------------------------------------------===//
// Kernels and launches
//===----------------------------------------------------------------------===//

/// Describes argument `index` for diagnostics: "argument #2 ('K')".
static std::string describeArgument(func::FuncOp kernel, unsigned index) {
  std::string name = getArgumentName(kernel, index);
  std::string result = "argument #" + std::to_string(index);
  if (!name.empty())
    result += " ('" + name + "')";
  return result;
}

static std::string exprToString(AffineExpr expr) {
  std::string text;
  llvm::raw_string_ostream os(text);
  expr.print(os);
  return text;
}

/// Evaluates an affine expression of the grid on bound symbol values.
static FailureOr<int64_t> evaluateGridExpr(func::FuncOp kernel, AffineExpr expr,
                                           ArrayRef<int64_t> symbols) {
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    return constant.getValue();
  if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
    return symbols[symbol.getPosition()];
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!binary)
    return kernel.emitError()
           << "unexpected grid expression " << exprToString(expr);
  FailureOr<int64_t> lhs = evaluateGridExpr(kernel, binary.getLHS(), symbols);
  FailureOr<int64_t> rhs = evaluateGridExpr(kernel, binary.getRHS(), symbols);
  if (failed(lhs) || failed(rhs))
    return failure();
  int64_t a = *lhs, b = *rhs;
  switch (expr.getKind()) {
  case AffineExprKind::Add:
    return a + b;
  case AffineExprKind::Mul:
    return a * b;
  default:
    break;
  }
  if (b <= 0)
    return kernel.emitError()
           << "grid expression " << exprToString(expr) << " divides by " << b;
  switch (expr.getKind()) {
  case AffineExprKind::Mod:
    return ((a % b) + b) % b;
  case AffineExprKind::FloorDiv:
    return a / b - ((a % b != 0) && (a < 0));
  case AffineExprKind::CeilDiv:
    return a / b + ((a % b != 0) && (a > 0));
  default:
    return kernel.emitError()
           << "unexpected grid expression " << exprToString(expr);
  }
}

FailureOr<LaunchConfig>
tessera::interp::resolveLaunch(func::FuncOp kernel, ArrayRef<KernelArg> args) {
  if (!isKernel(kernel))
    return kernel.emitError() << "expected a kernel (a func.func with '"
                              << tile::TileDialect::kKernelAttrName << "')";
  if (kernel.isExternal())
    return kernel.emitError() << "expected a kernel with a body";
  unsigned numArgs = kernel.getNumArguments();
  if (args.size() != numArgs)
    return kernel.emitError()
           << "expected " << numArgs << " arguments, got " << args.size();

  LaunchConfig config;
  auto sizeNames =
      kernel->getAttrOfType<ArrayAttr>(tile::TileDialect::kSizesAttrName);
  llvm::StringMap<int64_t> bound;
  llvm::StringMap<unsigned> boundBy;
  for (unsigned i = 0; i < numArgs; ++i) {
    Type type = kernel.getArgument(i).getType();
    const KernelArg &arg = args[i];
    auto view = dyn_cast<tile::ViewType>(type);
    if (!view) {
      if (!isSupportedElementType(type))
        return kernel.emitError()
               << describeArgument(kernel, i) << " has type " << type
               << ", which the interpreter does not support";
      if (arg.isTensor())
        return kernel.emitError()
               << "expected a scalar of type " << type << " for "
               << describeArgument(kernel, i) << ", got a tensor";
      continue;
    }
    if (!arg.isTensor())
      return kernel.emitError()
             << "expected a tensor for " << describeArgument(kernel, i)
             << " (a view), got a scalar";
    const Tensor &tensor = arg.getTensor();
    std::optional<DType> dtype = getDTypeOf(view.getElementType());
    if (dtype != tensor.getDType())
      return kernel.emitError() << "expected " << describeArgument(kernel, i)
                                << " of element type " << view.getElementType()
                                << ", got " << getDTypeName(tensor.getDType());
    if (tensor.getRank() != view.getRank())
      return kernel.emitError()
             << "expected " << describeArgument(kernel, i) << " of rank "
             << view.getRank() << ", got " << tensor.getTypeString();
    auto shape = kernel.getArgAttrOfType<ArrayAttr>(
        i, tile::TileDialect::kShapeAttrName);
    if (!shape)
      continue;
    for (auto [d, dim] : llvm::enumerate(shape)) {
      int64_t actual = tensor.getShape()[d];
      if (auto fixed = dyn_cast<IntegerAttr>(dim)) {
        if (fixed.getInt() != actual)
          return kernel.emitError()
                 << "expected dimension " << d << " of "
                 << describeArgument(kernel, i) << " to be " << fixed.getInt()
                 << " (fixed by its tile.shape), got " << actual << " in "
                 << tensor.getTypeString();
        continue;
      }
      StringRef name = cast<StringAttr>(dim).getValue();
      auto [it, inserted] = bound.try_emplace(name, actual);
      if (inserted) {
        boundBy[name] = i;
      } else if (it->second != actual) {
        return kernel.emitError()
               << "size '" << name << "' is " << it->second << " in "
               << describeArgument(kernel, boundBy[name]) << " but " << actual
               << " in dimension " << d << " of " << describeArgument(kernel, i)
               << " (" << tensor.getTypeString() << ")";
      }
    }
  }

  SmallVector<int64_t> symbols;
  if (sizeNames) {
    for (Attribute attr : sizeNames) {
      StringRef name = cast<StringAttr>(attr).getValue();
      auto it = bound.find(name);
      if (it == bound.end())
        return kernel.emitError() << "size '" << name
                                  << "' is not bound by the tile.shape of any "
                                     "argument";
      symbols.push_back(it->second);
      config.sizes.emplace_back(name.str(), it->second);
    }
  }
  if (auto grid = kernel->getAttrOfType<AffineMapAttr>(
          tile::TileDialect::kGridAttrName)) {
    for (auto [axis, expr] : llvm::enumerate(grid.getValue().getResults())) {
      FailureOr<int64_t> extent = evaluateGridExpr(kernel, expr, symbols);
      if (failed(extent))
        return failure();
      if (*extent < 0)
        return kernel.emitError()
               << "grid dimension " << axis << " evaluates to " << *extent;
      config.grid[axis] = *extent;
    }
  }
  return config;
}
