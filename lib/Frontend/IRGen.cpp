//===- IRGen.cpp - Lowering of tile-language kernels to MLIR --------------===//
//
// Part of Tessera. Checks and lowers one kernel at a time in a single walk
// over its syntax tree: every expression evaluates to a TValue, which is a
// compile-time constant (folded, never emitted until a runtime value needs
// it), a runtime scalar or tile (an SSA value), a tensor parameter (a view),
// an element type, or a tuple. Broadcasting is made explicit here
// (tile.splat / tile.expand_dims / tile.broadcast) because the dialect
// requires operands of identical shape.
//
// This file holds the entry point and the kernel signature: parameters,
// symbolic sizes, the grid and the kernel attributes. KernelGen.h lists the
// files that define the rest.
//
//===----------------------------------------------------------------------===//

#include "KernelGen.h"

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Iterators.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/SourceMgr.h"

#include <limits>

using namespace tessera::frontend;
using namespace tessera::frontend::irgen;

namespace tile = tessera::tile;

mlir::Location KernelGen::getLoc(SMLoc loc) {
  llvm::SourceMgr &sourceMgr = diags.getSourceMgr();
  unsigned bufferId = sourceMgr.FindBufferContainingLoc(loc);
  if (!bufferId)
    return mlir::UnknownLoc::get(ctx);
  auto [line, column] = sourceMgr.getLineAndColumn(loc, bufferId);
  StringRef file = sourceMgr.getMemoryBuffer(bufferId)->getBufferIdentifier();
  return mlir::FileLineColLoc::get(ctx, file, line, column);
}

//===----------------------------------------------------------------------===//
// Signature, grid and attributes
//===----------------------------------------------------------------------===//

LogicalResult KernelGen::checkParamName(StringRef name, SMLoc loc) {
  if (isTypeName(name) || lookupPredefinedConstant(name))
    return diags.error(loc, "'" + name + "' is a reserved name");
  if (const ConstantTable::Entry *constant = constants.lookup(name)) {
    (void)diags.error(loc,
                      "parameter '" + name + "' has the name of a constant");
    diags.note(constant->loc, "the constant is declared here");
    return failure();
  }
  if (tensorIndex.count(name) || scalarParams.count(name))
    return diags.error(loc, "parameter '" + name + "' is declared twice");
  return success();
}

LogicalResult KernelGen::declareTensor(const ParamDecl &param,
                                       Type elementType) {
  if (isBoolType(elementType))
    return diags.error(param.typeLoc, "tensors of bool are not supported; use "
                                      "f16, bf16, f32 or i32");
  if (param.dims.empty() || param.dims.size() > 4)
    return diags.error(param.typeLoc,
                       "expected a tensor of 1 to 4 dimensions, got " +
                           llvm::Twine(param.dims.size()));
  TensorParam tensor;
  tensor.name = param.name;
  tensor.loc = param.loc;
  tensor.role = param.role;
  tensor.elementType = elementType;
  for (const ExprPtr &dim : param.dims) {
    std::optional<ConstValue> fixed;
    StringRef name;
    if (auto *integer = dyn_cast<IntExpr>(dim.get()))
      fixed = ConstValue::getInt(integer->getValue());
    else if (auto *named = dyn_cast<NameExpr>(dim.get())) {
      name = named->getName();
      if (const ConstantTable::Entry *entry = constants.lookup(name))
        fixed = entry->value;
      else if (isTypeName(name) || lookupPredefinedConstant(name))
        return diags.error(dim->getLoc(),
                           "'" + name + "' cannot name a dimension");
    } else {
      return diags.error(dim->getLoc(),
                         "expected a size name or an integer constant as a "
                         "dimension of '" +
                             param.name + "'");
    }
    if (fixed && (!fixed->isInt() || fixed->intValue < 1 ||
                  fixed->intValue > std::numeric_limits<int32_t>::max()))
      return diags.error(dim->getLoc(),
                         "expected a positive i32 dimension, got " +
                             fixed->str());
    if (!fixed && !sizeSources.count(name)) {
      sizeSources[name] = {static_cast<unsigned>(tensors.size()),
                           static_cast<unsigned>(tensor.dimNames.size())};
      sizes.push_back(name);
    }
    tensor.fixedDims.push_back(fixed ? std::optional<int64_t>(fixed->intValue)
                                     : std::nullopt);
    tensor.dimNames.push_back(fixed ? StringRef() : name);
  }
  if (param.init) {
    if (param.role != ParamRole::InOut)
      return diags.error(param.init->getLoc(),
                         "only 'inout' tensors take an initial value");
    FailureOr<ConstValue> init =
        evaluateConstant(*param.init, constants, diags);
    if (failed(init))
      return failure();
    FailureOr<mlir::TypedAttr> attr =
        getScalarAttr(*init, builder.getF32Type(), param.init->getLoc());
    if (failed(attr))
      return failure();
    tensor.init = cast<mlir::FloatAttr>(*attr);
  }
  tensorIndex[param.name] = tensors.size();
  tensors.push_back(std::move(tensor));
  return success();
}

/// Checks that the parameters fit the target's PTX parameter space. The
/// layout is the kernel ABI of docs/manifest.md (convertSignature in
/// TileToNVVM): a tensor of rank r is a pointer and 2r i64 sizes and strides,
/// 8 + 16r bytes aligned to 8; a scalar is 4 bytes aligned to 4. ptxas places
/// each .param at the next multiple of its size.
LogicalResult KernelGen::checkParamSpace() {
  if (!options.paramSpace)
    return success();
  uint64_t limit = options.paramSpace->bytes;
  uint64_t end = 0;
  const ParamDecl *firstOver = nullptr;
  uint64_t firstOverOffset = 0, firstOverSize = 0;
  for (const ParamDecl &param : decl.params) {
    uint64_t size = param.isTensor ? 8 + 16 * param.dims.size() : 4;
    uint64_t offset = llvm::alignTo(end, param.isTensor ? 8 : 4);
    end = offset + size;
    if (end > limit && !firstOver) {
      firstOver = &param;
      firstOverOffset = offset;
      firstOverSize = size;
    }
  }
  if (!firstOver)
    return success();
  (void)diags.error(decl.loc, "the parameters of kernel '" + decl.name +
                                  "' need " + llvm::Twine(end) +
                                  " bytes of PTX parameter space, over the " +
                                  options.paramSpace->target + " limit of " +
                                  llvm::Twine(limit) + " bytes");
  std::string kind =
      firstOver->isTensor
          ? ("a tensor of rank " + llvm::Twine(firstOver->dims.size())).str()
          : "a scalar";
  diags.note(firstOver->loc,
             "'" + firstOver->name + "' (" + kind + ": " +
                 llvm::Twine(firstOverSize) + " bytes at offset " +
                 llvm::Twine(firstOverOffset) +
                 ") is the first parameter past the limit; a tensor of rank "
                 "r takes 8 + 16r bytes, a scalar 4");
  return failure();
}

LogicalResult KernelGen::declareParams(llvm::SmallVectorImpl<Type> &argTypes) {
  if (decl.params.size() > kMaxKernelParams)
    return diags.error(decl.loc, "kernel '" + decl.name + "' has " +
                                     llvm::Twine(decl.params.size()) +
                                     " parameters, over the limit of " +
                                     llvm::Twine(kMaxKernelParams));
  tensors.reserve(decl.params.size());
  for (const ParamDecl &param : decl.params) {
    if (failed(checkParamName(param.name, param.loc)))
      return failure();
    // An element type, or a constant naming one (`const DTYPE = f16`).
    StringRef typeName = param.typeName;
    if (const ConstantTable::Entry *entry = constants.lookup(typeName)) {
      if (!entry->value.isType())
        return diags.error(param.typeLoc,
                           "'" + typeName + "' is " +
                               entry->value.describeKind() +
                               " constant, not an element type");
      typeName = entry->value.typeName;
    }
    std::optional<Type> elementType = parseElementType(ctx, typeName);
    if (!elementType)
      return diags.error(param.typeLoc, "unknown element type '" +
                                            param.typeName +
                                            "'; expected f16, bf16, f32 or "
                                            "i32, or a constant naming one");
    if (param.isTensor) {
      if (failed(declareTensor(param, *elementType)))
        return failure();
      argTypes.push_back(tile::ViewType::get(
          ctx, *elementType, static_cast<unsigned>(param.dims.size())));
      continue;
    }
    if (param.role != ParamRole::Input)
      return diags.error(param.roleLoc,
                         "only tensors can be 'out' or 'inout'; scalar '" +
                             param.name + "' is always an input");
    if (param.init)
      return diags.error(param.init->getLoc(),
                         "only 'inout' tensors take an initial value");
    if (!elementType->isF32() && !elementType->isInteger(32))
      return diags.error(param.typeLoc,
                         "scalar parameters are f32 or i32, got '" +
                             param.typeName + "'");
    scalarParams[param.name] = Value();
    argTypes.push_back(*elementType);
  }
  for (StringRef size : sizes) {
    if (!scalarParams.count(size) && !tensorIndex.count(size))
      continue;
    const TensorParam &tensor = tensors[sizeSources[size].first];
    return diags.error(tensor.loc,
                       "'" + size + "' names both a size and a parameter");
  }
  return checkParamSpace();
}

/// Binds the arguments to the parameters and records their names, shapes,
/// roles and initial values as argument attributes. All of them are set at
/// once: FuncOp::setArgAttr rebuilds the whole argument attribute array, so
/// one call per parameter would be quadratic in the parameter count.
void KernelGen::setArgAttrs() {
  llvm::SmallVector<mlir::DictionaryAttr> argAttrs;
  argAttrs.reserve(decl.params.size());
  auto tensorIt = tensors.begin();
  for (auto [index, param] : llvm::enumerate(decl.params)) {
    Value arg = func.getArgument(static_cast<unsigned>(index));
    llvm::SmallVector<mlir::NamedAttribute, 4> attrs;
    attrs.push_back(builder.getNamedAttr(tile::TileDialect::kNameAttrName,
                                         builder.getStringAttr(param.name)));
    if (!param.isTensor) {
      scalarParams[param.name] = arg;
      argAttrs.push_back(builder.getDictionaryAttr(attrs));
      continue;
    }
    TensorParam &tensor = *tensorIt++;
    tensor.view = arg;
    llvm::SmallVector<mlir::Attribute> shape;
    for (auto [fixed, name] : llvm::zip(tensor.fixedDims, tensor.dimNames))
      shape.push_back(fixed ? mlir::Attribute(builder.getI64IntegerAttr(*fixed))
                            : builder.getStringAttr(name));
    attrs.push_back(builder.getNamedAttr(tile::TileDialect::kShapeAttrName,
                                         builder.getArrayAttr(shape)));
    StringRef role = param.role == ParamRole::Input    ? "input"
                     : param.role == ParamRole::Output ? "output"
                                                       : "inout";
    attrs.push_back(builder.getNamedAttr(tile::TileDialect::kRoleAttrName,
                                         builder.getStringAttr(role)));
    if (tensor.init)
      attrs.push_back(
          builder.getNamedAttr(tile::TileDialect::kInitAttrName, tensor.init));
    argAttrs.push_back(builder.getDictionaryAttr(attrs));
  }
  func.setAllArgAttrs(argAttrs);
}

const KeywordArg *KernelGen::findOption(StringRef name) const {
  for (const KeywordArg &option : decl.options)
    if (option.name == name)
      return &option;
  return nullptr;
}

FailureOr<mlir::AffineExpr> KernelGen::lowerGridExpr(const Expr &expr) {
  auto notAffine = [&] {
    return diags.error(expr.getLoc(),
                       "grid dimensions must be affine in the sizes: +, -, "
                       "and *, /, //, %, cdiv by positive constants");
  };
  auto constantOperand = [&](mlir::AffineExpr e) -> std::optional<int64_t> {
    if (auto c = dyn_cast<mlir::AffineConstantExpr>(e))
      return c.getValue();
    return std::nullopt;
  };
  if (auto *integer = dyn_cast<IntExpr>(&expr))
    return builder.getAffineConstantExpr(integer->getValue());
  if (auto *name = dyn_cast<NameExpr>(&expr)) {
    const auto *it = llvm::find(sizes, name->getName());
    if (it != sizes.end())
      return builder.getAffineSymbolExpr(
          static_cast<unsigned>(it - sizes.begin()));
    const ConstantTable::Entry *entry = constants.lookup(name->getName());
    if (!entry)
      return diags.error(expr.getLoc(), "unknown size or constant '" +
                                            name->getName() + "' in the grid");
    if (!entry->value.isInt())
      return diags.error(expr.getLoc(), "expected an integer constant in the "
                                        "grid, got " +
                                            entry->value.str());
    return builder.getAffineConstantExpr(entry->value.intValue);
  }
  if (auto *unary = dyn_cast<UnaryExpr>(&expr)) {
    if (unary->getOp() == UnaryOp::Not)
      return notAffine();
    FailureOr<mlir::AffineExpr> operand = lowerGridExpr(unary->getOperand());
    if (failed(operand))
      return failure();
    return unary->getOp() == UnaryOp::Neg ? -*operand : *operand;
  }
  const Expr *lhsExpr = nullptr, *rhsExpr = nullptr;
  std::optional<BinaryOp> op;
  if (auto *binary = dyn_cast<BinaryExpr>(&expr)) {
    lhsExpr = &binary->getLhs();
    rhsExpr = &binary->getRhs();
    op = binary->getOp();
  } else if (auto *call = dyn_cast<CallExpr>(&expr);
             call && call->getCallee() == "cdiv" && !call->getReceiver() &&
             call->getArgs().size() == 2 && call->getKwargs().empty()) {
    lhsExpr = call->getArgs()[0].get();
    rhsExpr = call->getArgs()[1].get();
  } else {
    return notAffine();
  }
  FailureOr<mlir::AffineExpr> lhs = lowerGridExpr(*lhsExpr);
  if (failed(lhs))
    return failure();
  FailureOr<mlir::AffineExpr> rhs = lowerGridExpr(*rhsExpr);
  if (failed(rhs))
    return failure();
  std::optional<int64_t> rhsConstant = constantOperand(*rhs);
  if (!op) {
    if (!rhsConstant || *rhsConstant <= 0)
      return notAffine();
    return lhs->ceilDiv(*rhsConstant);
  }
  switch (*op) {
  case BinaryOp::Add:
    return *lhs + *rhs;
  case BinaryOp::Sub:
    return *lhs - *rhs;
  case BinaryOp::Mul:
    if (!rhsConstant && !constantOperand(*lhs))
      return notAffine();
    return *lhs * *rhs;
  case BinaryOp::Div:
  case BinaryOp::FloorDiv:
  case BinaryOp::Rem:
    // Sizes are non-negative, so `/` (truncating) and `//` (flooring) agree.
    if (!rhsConstant || *rhsConstant <= 0)
      return notAffine();
    return *op == BinaryOp::Rem ? *lhs % *rhsConstant
                                : lhs->floorDiv(*rhsConstant);
  default:
    return notAffine();
  }
}

FailureOr<int64_t> KernelGen::evalPositiveOption(const Expr &expr,
                                                 StringRef option) {
  FailureOr<ConstValue> value = evaluateConstant(expr, constants, diags);
  if (failed(value))
    return failure();
  if (!value->isInt() || value->intValue < 1 || value->intValue > 1024)
    return diags.error(expr.getLoc(), "expected '" + option +
                                          "' to be an integer in [1, 1024], "
                                          "got " +
                                          value->str());
  return value->intValue;
}

LogicalResult KernelGen::setKernelAttrs() {
  for (const KeywordArg &option : decl.options) {
    if (!llvm::is_contained(
            {"grid", "num_warps", "num_stages", "overlap_dots",
             "warp_specialize", "ping_pong", "prefetch_registers",
             "persistent"},
            option.name))
      return diags.error(option.loc, "unknown '@kernel' option '" +
                                         option.name +
                                         "'; expected grid, num_warps, "
                                         "num_stages, overlap_dots, "
                                         "warp_specialize, ping_pong, "
                                         "prefetch_registers or persistent");
    if (findOption(option.name) != &option)
      return diags.error(option.loc, "'@kernel' option '" + option.name +
                                         "' is given twice");
  }
  const KeywordArg *grid = findOption("grid");
  if (!grid)
    return diags.error(decl.decoratorLoc,
                       "'@kernel' needs a grid, e.g. "
                       "'@kernel(grid=(cdiv(N, BLOCK_M), BH))'");
  llvm::SmallVector<const Expr *> gridDims;
  if (auto *tuple = dyn_cast<TupleExpr>(grid->value.get()))
    for (const ExprPtr &dim : tuple->getElements())
      gridDims.push_back(dim.get());
  else
    gridDims.push_back(grid->value.get());
  if (gridDims.empty() || gridDims.size() > 3)
    return diags.error(grid->value->getLoc(),
                       "expected 1 to 3 grid dimensions, got " +
                           llvm::Twine(gridDims.size()));
  llvm::SmallVector<mlir::AffineExpr> results;
  for (const Expr *dim : gridDims) {
    FailureOr<mlir::AffineExpr> result = lowerGridExpr(*dim);
    if (failed(result))
      return failure();
    results.push_back(*result);
  }
  gridRank = results.size();

  int64_t numWarps = tile::TileDialect::kDefaultNumWarps;
  int64_t numStages = tile::TileDialect::kDefaultNumStages;
  if (const KeywordArg *option = findOption("num_warps")) {
    FailureOr<int64_t> value = evalPositiveOption(*option->value, "num_warps");
    if (failed(value))
      return failure();
    numWarps = *value;
  }
  if (const KeywordArg *option = findOption("num_stages")) {
    FailureOr<int64_t> value = evalPositiveOption(*option->value, "num_stages");
    if (failed(value))
      return failure();
    numStages = *value;
  }

  llvm::SmallVector<mlir::NamedAttribute> constantAttrs;
  for (const auto &[name, entry] : constants.entries) {
    const ConstValue &value = entry.value;
    mlir::Attribute attr =
        value.isInt()
            ? mlir::Attribute(builder.getI64IntegerAttr(value.intValue))
        : value.isBool()
            ? mlir::Attribute(builder.getBoolAttr(value.boolValue))
        : value.isType()
            ? mlir::Attribute(mlir::TypeAttr::get(
                  *parseElementType(ctx, value.typeName)))
            : mlir::Attribute(builder.getF64FloatAttr(value.floatValue));
    constantAttrs.push_back(builder.getNamedAttr(name, attr));
  }
  llvm::SmallVector<mlir::Attribute> sizeAttrs;
  for (StringRef size : sizes)
    sizeAttrs.push_back(builder.getStringAttr(size));

  func->setAttr(tile::TileDialect::kKernelAttrName, builder.getUnitAttr());
  func->setAttr(tile::TileDialect::kSizesAttrName,
                builder.getArrayAttr(sizeAttrs));
  func->setAttr(tile::TileDialect::kGridAttrName,
                mlir::AffineMapAttr::get(
                    mlir::AffineMap::get(0, sizes.size(), results, ctx)));
  func->setAttr(tile::TileDialect::kConstantsAttrName,
                builder.getDictionaryAttr(constantAttrs));
  func->setAttr(tile::TileDialect::kNumWarpsAttrName,
                builder.getI32IntegerAttr(static_cast<int32_t>(numWarps)));
  func->setAttr(tile::TileDialect::kNumStagesAttrName,
                builder.getI32IntegerAttr(static_cast<int32_t>(numStages)));
  // Schedule requests: booleans, kept on the kernel for the GPU passes.
  const std::pair<StringRef, StringRef> flags[] = {
      {"overlap_dots", tile::TileDialect::kOverlapDotsAttrName},
      {"warp_specialize", tile::TileDialect::kWarpSpecializeAttrName},
      {"ping_pong", tile::TileDialect::kPingPongAttrName},
      {"prefetch_registers", tile::TileDialect::kPrefetchRegistersAttrName},
      {"persistent", tile::TileDialect::kPersistentAttrName}};
  for (auto [name, attrName] : flags) {
    const KeywordArg *option = findOption(name);
    if (!option)
      continue;
    FailureOr<ConstValue> value =
        evaluateConstant(*option->value, constants, diags);
    if (failed(value))
      return failure();
    if (!value->isBool())
      return diags.error(option->value->getLoc(),
                         "expected '" + name.str() +
                             "' to be True or False, got " + value->str());
    func->setAttr(attrName, builder.getBoolAttr(value->boolValue));
  }
  return success();
}

LogicalResult KernelGen::run() {
  llvm::SmallVector<Type> argTypes;
  if (failed(declareParams(argTypes)))
    return failure();
  builder.setInsertionPointToEnd(module.getBody());
  func = mlir::func::FuncOp::create(builder, getLoc(decl.loc), decl.name,
                                    builder.getFunctionType(argTypes, {}));
  mlir::Block *entry = func.addEntryBlock();
  setArgAttrs();
  if (failed(setKernelAttrs()))
    return failure();
  builder.setInsertionPointToStart(entry);
  scopes.emplace_back();
  if (failed(lowerBlock(decl.body)))
    return failure();
  mlir::func::ReturnOp::create(builder, getLoc(decl.loc));
  eraseDeadOps();
  return success();
}

void KernelGen::eraseDeadOps() {
  // Slice ends and unused names leave pure ops without uses; visiting users
  // before their operands erases whole dead chains in one walk.
  func.walk<mlir::WalkOrder::PostOrder, mlir::ReverseIterator>(
      [](mlir::Operation *op) {
        if (mlir::isOpTriviallyDead(op))
          op->erase();
      });
}

LogicalResult tessera::frontend::generateKernels(const SourceFile &file,
                                                 const ConstantTable &constants,
                                                 const CompileOptions &options,
                                                 Diagnostics &diags,
                                                 mlir::ModuleOp module) {
  // Names are checked here, in one map, rather than with a symbol lookup
  // per kernel (a linear scan of the module each time).
  llvm::StringMap<SMLoc> defined;
  for (const KernelDecl &kernel : file.kernels) {
    auto [previous, inserted] = defined.try_emplace(kernel.name, kernel.loc);
    if (!inserted) {
      (void)diags.error(kernel.loc,
                        "kernel '" + kernel.name + "' is defined twice");
      diags.note(previous->second, "first defined here");
      return failure();
    }
    if (failed(KernelGen(kernel, constants, options, diags, module).run()))
      return failure();
  }
  return success();
}
