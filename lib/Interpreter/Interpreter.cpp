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
#include "TileGPU/IR/TileGPUDialect.h"
#include "tessera/Host/GridExpr.h"
#include "tessera/Host/Launch.h"

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

/// Builds the grid expression of `expr`, an affine expression over the
/// symbols named by `tile.sizes`, so that the grid is evaluated as the
/// runtime evaluates the manifest's (host::GridExpr: int64 with overflow and
/// division checks).
static FailureOr<host::GridExpr> buildGridExpr(func::FuncOp kernel,
                                               AffineExpr expr,
                                               ArrayRef<std::string> names) {
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    return host::GridExpr::integer(constant.getValue());
  if (auto symbol = dyn_cast<AffineSymbolExpr>(expr)) {
    if (symbol.getPosition() >= names.size())
      return kernel.emitError() << "grid symbol s" << symbol.getPosition()
                                << " has no size name in tile.sizes";
    return host::GridExpr::name(names[symbol.getPosition()]);
  }
  std::optional<host::GridExpr::BinaryOp> op;
  switch (expr.getKind()) {
  case AffineExprKind::Add:
    op = host::GridExpr::BinaryOp::Add;
    break;
  case AffineExprKind::Mul:
    op = host::GridExpr::BinaryOp::Mul;
    break;
  case AffineExprKind::Mod:
    op = host::GridExpr::BinaryOp::Mod;
    break;
  case AffineExprKind::FloorDiv:
    op = host::GridExpr::BinaryOp::Div;
    break;
  case AffineExprKind::CeilDiv:
    op = host::GridExpr::BinaryOp::CDiv;
    break;
  default:
    break;
  }
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!op || !binary) {
    std::string text;
    llvm::raw_string_ostream os(text);
    expr.print(os);
    return kernel.emitError() << "unexpected grid expression " << text;
  }
  FailureOr<host::GridExpr> lhs = buildGridExpr(kernel, binary.getLHS(), names);
  if (failed(lhs))
    return failure();
  FailureOr<host::GridExpr> rhs = buildGridExpr(kernel, binary.getRHS(), names);
  if (failed(rhs))
    return failure();
  host::Expected<host::GridExpr> built =
      host::GridExpr::binary(*op, *lhs, *rhs);
  if (!built.ok())
    return kernel.emitError() << "grid expression: " << built.message();
  return built.take();
}

/// The declared shape of tensor argument `index` (its `tile.shape`), or
/// std::nullopt when it declares none.
static std::optional<std::vector<host::ShapeDim>>
getDeclaredShape(func::FuncOp kernel, unsigned index) {
  auto shape = kernel.getArgAttrOfType<ArrayAttr>(
      index, tile::TileDialect::kShapeAttrName);
  if (!shape)
    return std::nullopt;
  std::vector<host::ShapeDim> dims;
  for (Attribute dim : shape) {
    if (auto fixed = dyn_cast<IntegerAttr>(dim))
      dims.push_back(host::ShapeDim::ofFixed(fixed.getInt()));
    else
      dims.push_back(
          host::ShapeDim::ofSymbol(cast<StringAttr>(dim).getValue().str()));
  }
  return dims;
}

FailureOr<LaunchConfig> tessera::interp::resolveLaunch(func::FuncOp kernel,
                                                       ArrayRef<KernelArg> args,
                                                       int64_t ctas) {
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
  host::SizeBinder binder;
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
    std::optional<std::vector<host::ShapeDim>> shape =
        getDeclaredShape(kernel, i);
    if (!shape)
      continue;
    std::optional<host::SizeBinder::Mismatch> mismatch =
        binder.bind(i, *shape, tensor.getShape().data());
    if (!mismatch)
      continue;
    if (mismatch->isFixed())
      return kernel.emitError()
             << "expected dimension " << mismatch->dim << " of "
             << describeArgument(kernel, i) << " to be " << mismatch->expected
             << " (fixed by its tile.shape), got " << mismatch->actual << " in "
             << tensor.getTypeString();
    return kernel.emitError()
           << "size '" << mismatch->symbol << "' is " << mismatch->expected
           << " in " << describeArgument(kernel, mismatch->boundBy) << " but "
           << mismatch->actual << " in dimension " << mismatch->dim << " of "
           << describeArgument(kernel, i) << " (" << tensor.getTypeString()
           << ")";
  }

  SmallVector<std::string> names;
  if (sizeNames) {
    for (Attribute attr : sizeNames) {
      StringRef name = cast<StringAttr>(attr).getValue();
      std::optional<int64_t> value = binder.lookup(name);
      if (!value)
        return kernel.emitError() << "size '" << name
                                  << "' is not bound by the tile.shape of any "
                                     "argument";
      names.push_back(name.str());
      config.sizes.emplace_back(name.str(), *value);
    }
  }
  if (auto grid = kernel->getAttrOfType<AffineMapAttr>(
          tile::TileDialect::kGridAttrName)) {
    for (auto [axis, expr] : llvm::enumerate(grid.getValue().getResults())) {
      FailureOr<host::GridExpr> built = buildGridExpr(kernel, expr, names);
      if (failed(built))
        return failure();
      host::Expected<int64_t> extent = built->evaluate(binder.sizes());
      if (!extent.ok())
        return kernel.emitError()
               << "grid dimension " << axis << ": " << extent.message();
      if (*extent < 0)
        return kernel.emitError()
               << "grid dimension " << axis << " evaluates to " << *extent;
      config.grid[axis] = *extent;
    }
  }
  if (kernel->hasAttr(tilegpu::TileGPUDialect::kPersistentAttrName)) {
    if (ctas < 0)
      return kernel.emitError() << "expected a positive count of CTAs for a "
                                   "persistent kernel, got "
                                << ctas;
    int64_t programs = config.grid[0] * config.grid[1] * config.grid[2];
    config.grid = {ctas ? std::min(programs, ctas) : programs, 1, 1};
  }
  return config;
}
