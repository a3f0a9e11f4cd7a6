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
//===----------------------------------------------------------------------===//

#include "IRGen.h"

#include "AST.h"
#include "Constants.h"
#include "Diagnostics.h"
#include "Parser.h"

#include "tessera/Frontend/Frontend.h"

#include "Tile/IR/TileDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Iterators.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/SourceMgr.h"

#include <cmath>
#include <deque>
#include <limits>

using namespace tessera::frontend;
using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;
using llvm::SMLoc;
using llvm::StringRef;
using mlir::failure;
using mlir::FailureOr;
using mlir::LogicalResult;
using mlir::success;
using mlir::Type;
using mlir::Value;

namespace tile = tessera::tile;
namespace arith = mlir::arith;
namespace math = mlir::math;

/// Tiles larger than this are rejected: they could not live on chip anyway,
/// and bounding them keeps compile-time constants small.
static constexpr int64_t kMaxTileElements = int64_t(1) << 20;
static constexpr size_t kMaxTileRank = 4;

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

namespace {

/// A tensor parameter of the kernel being lowered.
struct TensorParam {
  StringRef name;
  SMLoc loc;
  ParamRole role;
  Value view;
  Type elementType;
  /// The size of each dimension when it is a compile-time constant.
  llvm::SmallVector<std::optional<int64_t>> fixedDims;
  llvm::SmallVector<StringRef> dimNames;
  /// The value an inout tensor is initialized to by the caller, if any.
  mlir::FloatAttr init;
};

/// What an expression or a name denotes.
struct TValue {
  enum class Kind { Constant, Runtime, Tensor, ElementType, Tuple };

  static TValue ofConstant(ConstValue constant) {
    TValue v;
    v.kind = Kind::Constant;
    v.constant = constant;
    v.linOffset = constant.isInt() ? constant.intValue : 0;
    return v;
  }
  static TValue ofRuntime(Value value) {
    TValue v;
    v.kind = Kind::Runtime;
    v.value = value;
    v.linBase = value;
    return v;
  }
  static TValue ofTensor(const TensorParam *tensor) {
    TValue v;
    v.kind = Kind::Tensor;
    v.tensor = tensor;
    return v;
  }
  static TValue ofType(Type type) {
    TValue v;
    v.kind = Kind::ElementType;
    v.type = type;
    return v;
  }
  static TValue ofTuple(std::vector<TValue> elements) {
    TValue v;
    v.kind = Kind::Tuple;
    v.elements = std::move(elements);
    return v;
  }

  bool isConstant() const { return kind == Kind::Constant; }
  bool isRuntime() const { return kind == Kind::Runtime; }
  bool isTile() const {
    return isRuntime() && isa<mlir::RankedTensorType>(value.getType());
  }
  /// The shape of a tile; empty for scalars and constants.
  llvm::ArrayRef<int64_t> getShape() const {
    if (!isTile())
      return {};
    return cast<mlir::RankedTensorType>(value.getType()).getShape();
  }

  Kind kind = Kind::Constant;
  ConstValue constant = ConstValue::getInt(0);
  Value value;
  const TensorParam *tensor = nullptr;
  Type type;
  std::vector<TValue> elements;
  /// i32 scalars and integer constants are `linBase + linOffset` (linBase is
  /// null for constants), so that the length of a slice `a : a + 64` is
  /// known at compile time.
  Value linBase;
  int64_t linOffset = 0;
};

/// A local variable.
struct Binding {
  TValue value;
  SMLoc loc;
};

/// The parameter names and the required count of a builtin function.
struct BuiltinSignature {
  llvm::SmallVector<StringRef, 6> params;
  unsigned numRequired;
};

} // namespace

static Type elementTypeOf(Value value) {
  return mlir::getElementTypeOrSelf(value.getType());
}

static std::string shapeStr(llvm::ArrayRef<int64_t> shape) {
  std::string s = "[";
  llvm::raw_string_ostream os(s);
  llvm::interleaveComma(shape, os);
  os << "]";
  return s;
}

/// Spells a type as the language does: `f32` or `f32[128, 64]`.
static std::string typeStr(Type type) {
  std::string s;
  llvm::raw_string_ostream os(s);
  if (auto tensor = dyn_cast<mlir::RankedTensorType>(type)) {
    os << tensor.getElementType() << shapeStr(tensor.getShape());
    return s;
  }
  os << type;
  return s;
}

static std::optional<Type> parseElementType(mlir::MLIRContext *ctx,
                                            StringRef name) {
  mlir::Builder b(ctx);
  return llvm::StringSwitch<std::optional<Type>>(name)
      .Case("f16", b.getF16Type())
      .Case("bf16", b.getBF16Type())
      .Case("f32", b.getF32Type())
      .Case("i32", b.getI32Type())
      .Case("i1", b.getI1Type())
      .Case("bool", b.getI1Type())
      .Default(std::nullopt);
}

static bool isBoolType(Type type) { return type.isInteger(1); }

//===----------------------------------------------------------------------===//
// KernelGen
//===----------------------------------------------------------------------===//

namespace {

/// Checks and lowers one kernel.
class KernelGen {
public:
  KernelGen(const KernelDecl &decl, const ConstantTable &constants,
            const CompileOptions &options, Diagnostics &diags,
            mlir::ModuleOp module)
      : decl(decl), constants(constants), options(options), diags(diags),
        ctx(module.getContext()), builder(module.getContext()), module(module) {
  }

  LogicalResult run();

private:
  //===--------------------------------------------------------------------===//
  // Signature, grid and attributes
  //===--------------------------------------------------------------------===//

  LogicalResult declareParams(llvm::SmallVectorImpl<Type> &argTypes);
  LogicalResult declareTensor(const ParamDecl &param, Type elementType);
  LogicalResult checkParamName(StringRef name, SMLoc loc);
  LogicalResult checkParamSpace();
  void setArgAttrs();
  LogicalResult setKernelAttrs();
  FailureOr<mlir::AffineExpr> lowerGridExpr(const Expr &expr);
  FailureOr<int64_t> evalPositiveOption(const Expr &expr, StringRef option);
  const KeywordArg *findOption(StringRef name) const;
  /// Erases the pure ops whose results are unused.
  void eraseDeadOps();

  //===--------------------------------------------------------------------===//
  // Helpers
  //===--------------------------------------------------------------------===//

  mlir::Location getLoc(SMLoc loc);
  LogicalResult checkTileShape(llvm::ArrayRef<int64_t> shape, SMLoc loc);
  FailureOr<mlir::RankedTensorType> getTileType(llvm::ArrayRef<int64_t> shape,
                                                Type elementType, SMLoc loc);
  FailureOr<mlir::TypedAttr> getScalarAttr(const ConstValue &constant,
                                           Type elementType, SMLoc loc);
  FailureOr<Value> materialize(const ConstValue &constant, Type elementType,
                               llvm::ArrayRef<int64_t> shape, SMLoc loc);
  Value broadcastTo(Value value, llvm::ArrayRef<int64_t> shape, SMLoc loc);
  FailureOr<Value> coerce(const TValue &value, Type elementType,
                          llvm::ArrayRef<int64_t> shape, SMLoc loc);
  LogicalResult checkOperand(const TValue &value, SMLoc loc);
  FailureOr<Type> commonElementType(llvm::ArrayRef<const TValue *> operands,
                                    SMLoc loc, StringRef what);
  FailureOr<llvm::SmallVector<int64_t>>
  commonShape(llvm::ArrayRef<const TValue *> operands, SMLoc loc,
              StringRef what);
  FailureOr<Value> asI32(const TValue &value, SMLoc loc, StringRef what);
  FailureOr<Value> asTile(const TValue &value, SMLoc loc, StringRef what,
                          std::optional<unsigned> rank = std::nullopt);
  FailureOr<int64_t> evalConstInt(const Expr &expr, StringRef what);
  FailureOr<Type> evalElementType(const Expr &expr);
  FailureOr<llvm::SmallVector<int64_t>> evalShape(const Expr &expr);
  Value getSize(StringRef name);

  //===--------------------------------------------------------------------===//
  // Expressions
  //===--------------------------------------------------------------------===//

  FailureOr<TValue> eval(const Expr &expr);
  FailureOr<TValue> evalName(const NameExpr &expr);
  FailureOr<TValue> evalUnary(const UnaryExpr &expr);
  FailureOr<TValue> applyBinary(BinaryOp op, const TValue &lhs,
                                const TValue &rhs, SMLoc loc);
  FailureOr<Value> buildBinary(BinaryOp op, Value lhs, Value rhs, SMLoc loc);
  FailureOr<TValue> evalCall(const CallExpr &call);
  FailureOr<llvm::SmallVector<const Expr *>>
  bindArgs(const CallExpr &call, const BuiltinSignature &signature);
  FailureOr<TValue> evalSubscript(const SubscriptExpr &expr);
  FailureOr<TValue> insertDims(const TValue &base, const SubscriptExpr &expr);
  FailureOr<TValue> castTo(const TValue &value, Type to, SMLoc loc);

  /// One builtin function: its arguments are bound to `args` in the order of
  /// its signature (null for omitted optional arguments).
  using Builtin = FailureOr<TValue> (KernelGen::*)(
      const CallExpr &call, llvm::ArrayRef<const Expr *> args);
  FailureOr<TValue> callGridQuery(const CallExpr &call,
                                  llvm::ArrayRef<const Expr *> args);
  FailureOr<TValue> callCdiv(const CallExpr &call,
                             llvm::ArrayRef<const Expr *> args);
  FailureOr<TValue> callMinMax(const CallExpr &call,
                               llvm::ArrayRef<const Expr *> args);
  FailureOr<TValue> callSum(const CallExpr &call,
                            llvm::ArrayRef<const Expr *> args);
  FailureOr<TValue> callMath(const CallExpr &call,
                             llvm::ArrayRef<const Expr *> args);
  FailureOr<TValue> callDot(const CallExpr &call,
                            llvm::ArrayRef<const Expr *> args);
  FailureOr<TValue> callTrans(const CallExpr &call,
                              llvm::ArrayRef<const Expr *> args);
  FailureOr<TValue> callWhere(const CallExpr &call,
                              llvm::ArrayRef<const Expr *> args);
  FailureOr<TValue> callArange(const CallExpr &call,
                               llvm::ArrayRef<const Expr *> args);
  FailureOr<TValue> callFull(const CallExpr &call,
                             llvm::ArrayRef<const Expr *> args);
  FailureOr<TValue> callNarrow(const CallExpr &call,
                               llvm::ArrayRef<const Expr *> args);
  FailureOr<TValue> callCast(const CallExpr &call,
                             llvm::ArrayRef<const Expr *> args);
  FailureOr<TValue> callOnlineSoftmax(const CallExpr &call,
                                      llvm::ArrayRef<const Expr *> args);
  FailureOr<TValue> reduce(tile::ReduceKind kind, const TValue &value,
                           const Expr &axisExpr, SMLoc loc);
  FailureOr<Value> iota(int64_t length, SMLoc loc);

  //===--------------------------------------------------------------------===//
  // Loads and stores
  //===--------------------------------------------------------------------===//

  /// The indices of a view access and the shape of the tile it reads/writes.
  struct Access {
    llvm::SmallVector<Value> indices;
    llvm::SmallVector<int64_t> shape;
  };
  /// The indices and tile shape of `tensor[items]`; with `allowScalar`, a
  /// subscript that indexes every dimension gives an empty shape.
  FailureOr<Access> lowerAccess(const TensorParam &tensor,
                                const SubscriptExpr &expr,
                                bool allowScalar = false);
  FailureOr<int64_t> sliceLength(const TensorParam &tensor, unsigned dim,
                                 const SliceExpr &slice, const TValue &start);
  LogicalResult lowerStore(const SubscriptExpr &target, const TValue &value,
                           SMLoc loc);

  //===--------------------------------------------------------------------===//
  // Statements
  //===--------------------------------------------------------------------===//

  LogicalResult lowerBlock(const Block &block);
  LogicalResult lowerStmt(const Stmt &stmt);
  LogicalResult lowerAssign(const AssignStmt &stmt);
  LogicalResult lowerIf(const IfStmt &stmt);
  LogicalResult lowerFor(const ForStmt &stmt);
  LogicalResult assign(StringRef name, const TValue &value, SMLoc loc);
  /// Checks that `name` is not a parameter, size, constant or reserved name.
  LogicalResult checkAssignable(StringRef name, SMLoc loc);
  Binding *lookupLocal(StringRef name);

  const KernelDecl &decl;
  const ConstantTable &constants;
  const CompileOptions &options;
  Diagnostics &diags;
  mlir::MLIRContext *ctx;
  mlir::OpBuilder builder;
  mlir::ModuleOp module;
  mlir::func::FuncOp func;

  std::vector<TensorParam> tensors;
  /// Views made in the body (`Q.narrow(...)`); a deque keeps them in place.
  std::deque<TensorParam> derivedTensors;
  llvm::StringMap<unsigned> tensorIndex;
  llvm::StringMap<Value> scalarParams;
  /// Symbolic sizes in order of first appearance, where each first appears
  /// (tensor, dimension), and their tile.dim values once read.
  llvm::SmallVector<StringRef> sizes;
  llvm::StringMap<std::pair<unsigned, unsigned>> sizeSources;
  llvm::StringMap<Value> sizeValues;
  mlir::Operation *lastSizeOp = nullptr;
  unsigned gridRank = 0;
  std::vector<llvm::StringMap<Binding>> scopes;
};

} // namespace

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
    if (!llvm::is_contained({"grid", "num_warps", "num_stages"}, option.name))
      return diags.error(option.loc, "unknown '@kernel' option '" +
                                         option.name +
                                         "'; expected grid, num_warps or "
                                         "num_stages");
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

  int64_t numWarps = 4, numStages = 2;
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

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

LogicalResult KernelGen::checkTileShape(llvm::ArrayRef<int64_t> shape,
                                        SMLoc loc) {
  if (shape.empty() || shape.size() > kMaxTileRank)
    return diags.error(loc, "expected a tile of 1 to 4 dimensions, got " +
                                llvm::Twine(shape.size()));
  int64_t elements = 1;
  for (int64_t dim : shape) {
    if (dim < 1)
      return diags.error(loc, "expected positive tile dimensions, got " +
                                  shapeStr(shape));
    if (llvm::MulOverflow(elements, dim, elements) ||
        elements > kMaxTileElements)
      return diags.error(loc, "tile of shape " + shapeStr(shape) +
                                  " is too large (the limit is " +
                                  llvm::Twine(kMaxTileElements) + " elements)");
  }
  return success();
}

FailureOr<mlir::RankedTensorType>
KernelGen::getTileType(llvm::ArrayRef<int64_t> shape, Type elementType,
                       SMLoc loc) {
  if (failed(checkTileShape(shape, loc)))
    return failure();
  return mlir::RankedTensorType::get(shape, elementType);
}

FailureOr<mlir::TypedAttr> KernelGen::getScalarAttr(const ConstValue &constant,
                                                    Type elementType,
                                                    SMLoc loc) {
  if (isBoolType(elementType)) {
    if (!constant.isBool())
      return diags.error(loc, "expected a bool, got " +
                                  constant.describeKind() + " (" +
                                  constant.str() + ")");
    return mlir::TypedAttr(builder.getBoolAttr(constant.boolValue));
  }
  if (constant.isBool())
    return diags.error(loc, "expected a number, got a bool");
  if (elementType.isInteger(32)) {
    if (!constant.isInt())
      return diags.error(loc, "expected an integer, got " + constant.str());
    if (constant.intValue < std::numeric_limits<int32_t>::min() ||
        constant.intValue > std::numeric_limits<int32_t>::max())
      return diags.error(loc,
                         "integer " + constant.str() + " does not fit in i32");
    return mlir::TypedAttr(
        builder.getI32IntegerAttr(static_cast<int32_t>(constant.intValue)));
  }
  auto floatType = cast<mlir::FloatType>(elementType);
  llvm::APFloat value(constant.toDouble());
  bool lostInfo;
  value.convert(floatType.getFloatSemantics(),
                llvm::APFloat::rmNearestTiesToEven, &lostInfo);
  if (value.isInfinity() && std::isfinite(constant.toDouble()))
    return diags.error(loc, "constant " + constant.str() + " overflows " +
                                typeStr(elementType));
  return mlir::TypedAttr(builder.getFloatAttr(floatType, value));
}

FailureOr<Value> KernelGen::materialize(const ConstValue &constant,
                                        Type elementType,
                                        llvm::ArrayRef<int64_t> shape,
                                        SMLoc loc) {
  FailureOr<mlir::TypedAttr> scalar = getScalarAttr(constant, elementType, loc);
  if (failed(scalar))
    return failure();
  if (shape.empty())
    return Value(arith::ConstantOp::create(builder, getLoc(loc), *scalar));
  FailureOr<mlir::RankedTensorType> type = getTileType(shape, elementType, loc);
  if (failed(type))
    return failure();
  auto dense = mlir::DenseElementsAttr::get(*type, mlir::Attribute(*scalar));
  return Value(arith::ConstantOp::create(builder, getLoc(loc), dense));
}

Value KernelGen::broadcastTo(Value value, llvm::ArrayRef<int64_t> shape,
                             SMLoc loc) {
  if (shape.empty())
    return value;
  mlir::Location location = getLoc(loc);
  Type elementType = elementTypeOf(value);
  auto target = mlir::RankedTensorType::get(shape, elementType);
  auto type = dyn_cast<mlir::RankedTensorType>(value.getType());
  if (!type)
    return tile::SplatOp::create(builder, location, target, value);
  while (type.getRank() < static_cast<int64_t>(shape.size())) {
    llvm::SmallVector<int64_t> expanded(type.getShape());
    expanded.insert(expanded.begin(), 1);
    type = mlir::RankedTensorType::get(expanded, elementType);
    value = tile::ExpandDimsOp::create(builder, location, type, value,
                                       builder.getI32IntegerAttr(0));
  }
  if (type != target)
    value = tile::BroadcastOp::create(builder, location, target, value);
  return value;
}

FailureOr<Value> KernelGen::coerce(const TValue &value, Type elementType,
                                   llvm::ArrayRef<int64_t> shape, SMLoc loc) {
  if (value.isConstant())
    return materialize(value.constant, elementType, shape, loc);
  return broadcastTo(value.value, shape, loc);
}

LogicalResult KernelGen::checkOperand(const TValue &value, SMLoc loc) {
  switch (value.kind) {
  case TValue::Kind::Constant:
  case TValue::Kind::Runtime:
    return success();
  case TValue::Kind::Tensor:
    return diags.error(loc, "'" + value.tensor->name +
                                "' is a tensor in global memory; load a tile "
                                "from it with a slice, e.g. '" +
                                value.tensor->name + "[i, a : a + 64]'");
  case TValue::Kind::ElementType:
    return diags.error(loc, "a type cannot be used as a value");
  case TValue::Kind::Tuple:
    return diags.error(loc, "expected one value, got " +
                                llvm::Twine(value.elements.size()));
  }
  return failure();
}

FailureOr<Type>
KernelGen::commonElementType(llvm::ArrayRef<const TValue *> operands, SMLoc loc,
                             StringRef what) {
  Type common;
  for (const TValue *operand : operands) {
    if (!operand->isRuntime())
      continue;
    Type type = elementTypeOf(operand->value);
    if (common && type != common)
      return diags.error(loc, "operands of " + what +
                                  " have different element types, " +
                                  typeStr(common) + " and " + typeStr(type) +
                                  "; convert one with .to()");
    common = type;
  }
  if (common)
    return common;
  // Only constants: the widest kind wins (f32 over i32), bools stay bools.
  bool anyFloat = false, anyBool = false;
  for (const TValue *operand : operands) {
    anyFloat |= operand->constant.isFloat();
    anyBool |= operand->constant.isBool();
  }
  if (anyBool)
    return Type(builder.getI1Type());
  return anyFloat ? Type(builder.getF32Type()) : Type(builder.getI32Type());
}

FailureOr<llvm::SmallVector<int64_t>>
KernelGen::commonShape(llvm::ArrayRef<const TValue *> operands, SMLoc loc,
                       StringRef what) {
  llvm::SmallVector<int64_t> result;
  for (const TValue *operand : operands) {
    llvm::ArrayRef<int64_t> shape = operand->getShape();
    if (shape.size() > result.size())
      result.insert(result.begin(), shape.size() - result.size(), 1);
    size_t offset = result.size() - shape.size();
    for (auto [i, dim] : llvm::enumerate(shape)) {
      int64_t &out = result[offset + i];
      if (out == 1)
        out = dim;
      else if (dim != 1 && dim != out) {
        std::string shapes;
        for (const TValue *other : operands)
          if (other->isTile())
            shapes +=
                (shapes.empty() ? "" : " and ") + shapeStr(other->getShape());
        return diags.error(loc,
                           "cannot broadcast shapes " + shapes + " in " + what);
      }
    }
  }
  return result;
}

FailureOr<Value> KernelGen::asI32(const TValue &value, SMLoc loc,
                                  StringRef what) {
  if (failed(checkOperand(value, loc)))
    return failure();
  if (value.isConstant()) {
    if (!value.constant.isInt())
      return diags.error(loc, "expected an integer for " + what + ", got " +
                                  value.constant.str());
    return materialize(value.constant, builder.getI32Type(), {}, loc);
  }
  if (value.isTile() || !value.value.getType().isInteger(32))
    return diags.error(loc, "expected an i32 scalar for " + what + ", got " +
                                typeStr(value.value.getType()));
  return value.value;
}

FailureOr<Value> KernelGen::asTile(const TValue &value, SMLoc loc,
                                   StringRef what,
                                   std::optional<unsigned> rank) {
  if (failed(checkOperand(value, loc)))
    return failure();
  if (!value.isTile())
    return diags.error(loc, "expected a tile for " + what + ", got " +
                                (value.isConstant()
                                     ? "the constant " + value.constant.str()
                                     : typeStr(value.value.getType())));
  if (rank && value.getShape().size() != *rank)
    return diags.error(loc, "expected a " + llvm::Twine(*rank) +
                                "-D tile for " + what + ", got " +
                                typeStr(value.value.getType()));
  return value.value;
}

FailureOr<int64_t> KernelGen::evalConstInt(const Expr &expr, StringRef what) {
  FailureOr<TValue> value = eval(expr);
  if (failed(value))
    return failure();
  if (!value->isConstant() || !value->constant.isInt())
    return diags.error(expr.getLoc(),
                       "expected a compile-time integer for " + what);
  return value->constant.intValue;
}

FailureOr<Type> KernelGen::evalElementType(const Expr &expr) {
  FailureOr<TValue> value = eval(expr);
  if (failed(value))
    return failure();
  if (value->kind != TValue::Kind::ElementType)
    return diags.error(expr.getLoc(), "expected an element type (f16, bf16, "
                                      "f32, i32 or bool)");
  return value->type;
}

FailureOr<llvm::SmallVector<int64_t>> KernelGen::evalShape(const Expr &expr) {
  llvm::SmallVector<int64_t> shape;
  llvm::SmallVector<const Expr *> dims;
  if (auto *tuple = dyn_cast<TupleExpr>(&expr))
    for (const ExprPtr &dim : tuple->getElements())
      dims.push_back(dim.get());
  else
    dims.push_back(&expr);
  for (const Expr *dim : dims) {
    FailureOr<int64_t> size = evalConstInt(*dim, "a tile dimension");
    if (failed(size))
      return failure();
    shape.push_back(*size);
  }
  if (failed(checkTileShape(shape, expr.getLoc())))
    return failure();
  return shape;
}

Value KernelGen::getSize(StringRef name) {
  if (Value cached = sizeValues.lookup(name))
    return cached;
  auto [tensorId, dim] = sizeSources.lookup(name);
  const TensorParam &tensor = tensors[tensorId];
  mlir::OpBuilder::InsertionGuard guard(builder);
  if (lastSizeOp)
    builder.setInsertionPointAfter(lastSizeOp);
  else
    builder.setInsertionPointToStart(&func.getBody().front());
  auto op =
      tile::DimOp::create(builder, getLoc(tensor.loc), builder.getI32Type(),
                          tensor.view, builder.getI32IntegerAttr(dim));
  lastSizeOp = op;
  sizeValues[name] = op.getResult();
  return op.getResult();
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

FailureOr<TValue> KernelGen::eval(const Expr &expr) {
  switch (expr.getKind()) {
  case Expr::Kind::Name:
    return evalName(cast<NameExpr>(expr));
  case Expr::Kind::Int:
    return TValue::ofConstant(
        ConstValue::getInt(cast<IntExpr>(expr).getValue()));
  case Expr::Kind::Float:
    return TValue::ofConstant(
        ConstValue::getFloat(cast<FloatExpr>(expr).getValue()));
  case Expr::Kind::None:
    return diags.error(expr.getLoc(), "'None' is only allowed in a subscript "
                                      "such as x[:, None]");
  case Expr::Kind::Unary:
    return evalUnary(cast<UnaryExpr>(expr));
  case Expr::Kind::Binary: {
    const auto &binary = cast<BinaryExpr>(expr);
    FailureOr<TValue> lhs = eval(binary.getLhs());
    if (failed(lhs))
      return failure();
    FailureOr<TValue> rhs = eval(binary.getRhs());
    if (failed(rhs))
      return failure();
    return applyBinary(binary.getOp(), *lhs, *rhs, expr.getLoc());
  }
  case Expr::Kind::Call:
    return evalCall(cast<CallExpr>(expr));
  case Expr::Kind::Subscript:
    return evalSubscript(cast<SubscriptExpr>(expr));
  case Expr::Kind::Slice:
    return diags.error(expr.getLoc(), "a slice is only allowed in a subscript");
  case Expr::Kind::Tuple: {
    std::vector<TValue> elements;
    for (const ExprPtr &element : cast<TupleExpr>(expr).getElements()) {
      FailureOr<TValue> value = eval(*element);
      if (failed(value))
        return failure();
      elements.push_back(std::move(*value));
    }
    return TValue::ofTuple(std::move(elements));
  }
  }
  return failure();
}

Binding *KernelGen::lookupLocal(StringRef name) {
  for (auto &scope : llvm::reverse(scopes)) {
    auto it = scope.find(name);
    if (it != scope.end())
      return &it->second;
  }
  return nullptr;
}

FailureOr<TValue> KernelGen::evalName(const NameExpr &expr) {
  StringRef name = expr.getName();
  if (Binding *binding = lookupLocal(name))
    return binding->value;
  auto tensor = tensorIndex.find(name);
  if (tensor != tensorIndex.end())
    return TValue::ofTensor(&tensors[tensor->second]);
  if (Value scalar = scalarParams.lookup(name))
    return TValue::ofRuntime(scalar);
  if (sizeSources.count(name))
    return TValue::ofRuntime(getSize(name));
  if (const ConstantTable::Entry *entry = constants.lookup(name)) {
    if (entry->value.isType())
      return TValue::ofType(*parseElementType(ctx, entry->value.typeName));
    return TValue::ofConstant(entry->value);
  }
  if (std::optional<ConstValue> value = lookupPredefinedConstant(name))
    return TValue::ofConstant(*value);
  if (std::optional<Type> type = parseElementType(ctx, name))
    return TValue::ofType(*type);
  return diags.error(expr.getLoc(), "unknown name '" + name + "'");
}

FailureOr<TValue> KernelGen::evalUnary(const UnaryExpr &expr) {
  FailureOr<TValue> operand = eval(expr.getOperand());
  if (failed(operand))
    return failure();
  SMLoc loc = expr.getLoc();
  if (operand->isConstant()) {
    FailureOr<ConstValue> folded =
        foldUnary(expr.getOp(), operand->constant, loc, diags);
    if (failed(folded))
      return failure();
    return TValue::ofConstant(*folded);
  }
  if (failed(checkOperand(*operand, loc)))
    return failure();
  Type type = elementTypeOf(operand->value);
  switch (expr.getOp()) {
  case UnaryOp::Plus:
    if (isBoolType(type))
      return diags.error(loc, "unary '+' expects a number, got a bool");
    return *operand;
  case UnaryOp::Neg:
    if (isa<mlir::FloatType>(type))
      return TValue::ofRuntime(
          arith::NegFOp::create(builder, getLoc(loc), operand->value));
    return applyBinary(BinaryOp::Sub, TValue::ofConstant(ConstValue::getInt(0)),
                       *operand, loc);
  case UnaryOp::Not: {
    if (!isBoolType(type))
      return diags.error(loc, "'not' expects a bool, got " +
                                  typeStr(operand->value.getType()));
    return applyBinary(BinaryOp::Ne, *operand,
                       TValue::ofConstant(ConstValue::getBool(true)), loc);
  }
  }
  return failure();
}

static bool isComparison(BinaryOp op) {
  return op == BinaryOp::Lt || op == BinaryOp::Le || op == BinaryOp::Gt ||
         op == BinaryOp::Ge || op == BinaryOp::Eq || op == BinaryOp::Ne;
}

FailureOr<TValue> KernelGen::applyBinary(BinaryOp op, const TValue &lhs,
                                         const TValue &rhs, SMLoc loc) {
  // Element types compare at compile time (`if DTYPE == bf16:`).
  if (lhs.kind == TValue::Kind::ElementType &&
      rhs.kind == TValue::Kind::ElementType &&
      (op == BinaryOp::Eq || op == BinaryOp::Ne))
    return TValue::ofConstant(
        ConstValue::getBool((lhs.type == rhs.type) == (op == BinaryOp::Eq)));
  if (lhs.isConstant() && rhs.isConstant()) {
    FailureOr<ConstValue> folded =
        foldBinary(op, lhs.constant, rhs.constant, loc, diags);
    if (failed(folded))
      return failure();
    return TValue::ofConstant(*folded);
  }
  if (failed(checkOperand(lhs, loc)) || failed(checkOperand(rhs, loc)))
    return failure();
  std::string what = ("'" + spellBinaryOp(op) + "'").str();
  FailureOr<Type> type = commonElementType({&lhs, &rhs}, loc, what);
  if (failed(type))
    return failure();
  FailureOr<llvm::SmallVector<int64_t>> shape =
      commonShape({&lhs, &rhs}, loc, what);
  if (failed(shape))
    return failure();
  if ((op == BinaryOp::Div || op == BinaryOp::FloorDiv ||
       op == BinaryOp::Rem) &&
      rhs.isConstant() && rhs.constant.isInt() && rhs.constant.intValue == 0 &&
      type->isInteger(32))
    return diags.error(loc, "division by zero");
  FailureOr<Value> l = coerce(lhs, *type, *shape, loc);
  if (failed(l))
    return failure();
  FailureOr<Value> r = coerce(rhs, *type, *shape, loc);
  if (failed(r))
    return failure();
  FailureOr<Value> result = buildBinary(op, *l, *r, loc);
  if (failed(result))
    return failure();
  TValue out = TValue::ofRuntime(*result);
  // Track `base + offset` through additions of integer constants.
  const TValue *runtime = lhs.isConstant() ? &rhs : &lhs;
  const TValue *constant = lhs.isConstant() ? &lhs : &rhs;
  bool tracks =
      shape->empty() && type->isInteger(32) && constant->isConstant() &&
      (op == BinaryOp::Add || (op == BinaryOp::Sub && rhs.isConstant()));
  int64_t offset;
  if (tracks &&
      !(op == BinaryOp::Add
            ? llvm::AddOverflow(runtime->linOffset, constant->linOffset, offset)
            : llvm::SubOverflow(runtime->linOffset, constant->linOffset,
                                offset))) {
    out.linBase = runtime->linBase;
    out.linOffset = offset;
  }
  return out;
}

FailureOr<Value> KernelGen::buildBinary(BinaryOp op, Value lhs, Value rhs,
                                        SMLoc loc) {
  mlir::Location location = getLoc(loc);
  Type type = elementTypeOf(lhs);
  bool isFloat = isa<mlir::FloatType>(type);
  bool isBool = isBoolType(type);
  auto reject = [&](StringRef kind) {
    return diags.error(loc, "operator '" + spellBinaryOp(op) +
                                "' does not take " + kind + " operands (" +
                                typeStr(lhs.getType()) + ")");
  };
  if (isComparison(op)) {
    if (isFloat) {
      static constexpr arith::CmpFPredicate kPredicates[] = {
          arith::CmpFPredicate::OLT, arith::CmpFPredicate::OLE,
          arith::CmpFPredicate::OGT, arith::CmpFPredicate::OGE,
          arith::CmpFPredicate::OEQ, arith::CmpFPredicate::UNE};
      auto index =
          static_cast<unsigned>(op) - static_cast<unsigned>(BinaryOp::Lt);
      return Value(arith::CmpFOp::create(builder, location, kPredicates[index],
                                         lhs, rhs));
    }
    if (isBool && op != BinaryOp::Eq && op != BinaryOp::Ne)
      return reject("bool");
    static constexpr arith::CmpIPredicate kPredicates[] = {
        arith::CmpIPredicate::slt, arith::CmpIPredicate::sle,
        arith::CmpIPredicate::sgt, arith::CmpIPredicate::sge,
        arith::CmpIPredicate::eq,  arith::CmpIPredicate::ne};
    auto index =
        static_cast<unsigned>(op) - static_cast<unsigned>(BinaryOp::Lt);
    return Value(
        arith::CmpIOp::create(builder, location, kPredicates[index], lhs, rhs));
  }
  switch (op) {
  case BinaryOp::Add:
  case BinaryOp::Sub:
  case BinaryOp::Mul:
  case BinaryOp::Div:
  case BinaryOp::FloorDiv:
  case BinaryOp::Rem:
    if (isBool)
      return reject("bool");
    break;
  case BinaryOp::And:
  case BinaryOp::Or:
    if (!isBool)
      return diags.error(loc, "'" + spellBinaryOp(op) +
                                  "' expects bools; use '&' or '|' for "
                                  "integers");
    break;
  default:
    if (isFloat)
      return reject("float");
    break;
  }
  switch (op) {
  case BinaryOp::Add:
    return isFloat ? Value(arith::AddFOp::create(builder, location, lhs, rhs))
                   : Value(arith::AddIOp::create(builder, location, lhs, rhs));
  case BinaryOp::Sub:
    return isFloat ? Value(arith::SubFOp::create(builder, location, lhs, rhs))
                   : Value(arith::SubIOp::create(builder, location, lhs, rhs));
  case BinaryOp::Mul:
    return isFloat ? Value(arith::MulFOp::create(builder, location, lhs, rhs))
                   : Value(arith::MulIOp::create(builder, location, lhs, rhs));
  case BinaryOp::Div:
    return isFloat ? Value(arith::DivFOp::create(builder, location, lhs, rhs))
                   : Value(arith::DivSIOp::create(builder, location, lhs, rhs));
  case BinaryOp::FloorDiv:
    if (!isFloat)
      return Value(arith::FloorDivSIOp::create(builder, location, lhs, rhs));
    return Value(math::FloorOp::create(
        builder, location, arith::DivFOp::create(builder, location, lhs, rhs)));
  case BinaryOp::Rem:
    return isFloat ? Value(arith::RemFOp::create(builder, location, lhs, rhs))
                   : Value(arith::RemSIOp::create(builder, location, lhs, rhs));
  case BinaryOp::BitAnd:
  case BinaryOp::And:
    return Value(arith::AndIOp::create(builder, location, lhs, rhs));
  default:
    return Value(arith::OrIOp::create(builder, location, lhs, rhs));
  }
}

FailureOr<TValue> KernelGen::castTo(const TValue &value, Type to, SMLoc loc) {
  if (failed(checkOperand(value, loc)))
    return failure();
  if (value.isConstant()) {
    const ConstValue &c = value.constant;
    if (isBoolType(to))
      return TValue::ofConstant(ConstValue::getBool(c.toDouble() != 0.0));
    if (isa<mlir::FloatType>(to))
      return TValue::ofConstant(ConstValue::getFloat(c.toDouble()));
    double d = c.toDouble();
    if (!std::isfinite(d) || d < std::numeric_limits<int32_t>::min() ||
        d > std::numeric_limits<int32_t>::max())
      return diags.error(loc, "cannot convert " + c.str() + " to i32");
    return TValue::ofConstant(ConstValue::getInt(static_cast<int64_t>(d)));
  }
  Value v = value.value;
  Type from = elementTypeOf(v);
  if (from == to)
    return value;
  if (!value.isTile() && (to.isF16() || to.isBF16()))
    return diags.error(loc, "scalars are i32, f32 or bool; convert a tile to " +
                                typeStr(to) + " instead");
  Type target = to;
  if (auto tensor = dyn_cast<mlir::RankedTensorType>(v.getType()))
    target = tensor.clone(to);
  mlir::Location location = getLoc(loc);
  auto fromFloat = dyn_cast<mlir::FloatType>(from);
  auto toFloat = dyn_cast<mlir::FloatType>(to);
  if (fromFloat && toFloat) {
    if (fromFloat.getWidth() == toFloat.getWidth()) {
      // f16 <-> bf16 goes through f32.
      Type wide = builder.getF32Type();
      if (auto tensor = dyn_cast<mlir::RankedTensorType>(v.getType()))
        wide = tensor.clone(wide);
      v = arith::ExtFOp::create(builder, location, wide, v);
      return TValue::ofRuntime(
          arith::TruncFOp::create(builder, location, target, v));
    }
    if (fromFloat.getWidth() < toFloat.getWidth())
      return TValue::ofRuntime(
          arith::ExtFOp::create(builder, location, target, v));
    return TValue::ofRuntime(
        arith::TruncFOp::create(builder, location, target, v));
  }
  if (toFloat)
    return TValue::ofRuntime(
        isBoolType(from)
            ? Value(arith::UIToFPOp::create(builder, location, target, v))
            : Value(arith::SIToFPOp::create(builder, location, target, v)));
  if (isBoolType(to)) {
    TValue zero = TValue::ofConstant(fromFloat ? ConstValue::getFloat(0.0)
                                               : ConstValue::getInt(0));
    return applyBinary(BinaryOp::Ne, value, zero, loc);
  }
  if (fromFloat)
    return TValue::ofRuntime(
        arith::FPToSIOp::create(builder, location, target, v));
  return TValue::ofRuntime(
      arith::ExtUIOp::create(builder, location, target, v));
}

//===----------------------------------------------------------------------===//
// Builtin functions
//===----------------------------------------------------------------------===//

FailureOr<llvm::SmallVector<const Expr *>>
KernelGen::bindArgs(const CallExpr &call, const BuiltinSignature &signature) {
  StringRef name = call.getCallee();
  llvm::SmallVector<const Expr *> positional;
  if (call.getReceiver())
    positional.push_back(call.getReceiver());
  for (const ExprPtr &arg : call.getArgs())
    positional.push_back(arg.get());
  llvm::ArrayRef<StringRef> params = signature.params;
  if (positional.size() > params.size())
    return diags.error(call.getLoc(), "'" + name + "' takes at most " +
                                          llvm::Twine(params.size()) +
                                          " arguments, got " +
                                          llvm::Twine(positional.size()));
  llvm::SmallVector<const Expr *> slots(params.size(), nullptr);
  llvm::copy(positional, slots.begin());
  for (const KeywordArg &kwarg : call.getKwargs()) {
    const auto *it = llvm::find(params, kwarg.name);
    if (it == params.end())
      return diags.error(kwarg.loc, "'" + name + "' has no argument named '" +
                                        kwarg.name + "'");
    const Expr *&slot = slots[it - params.begin()];
    if (slot)
      return diags.error(kwarg.loc, "argument '" + kwarg.name + "' of '" +
                                        name + "' is given twice");
    slot = kwarg.value.get();
  }
  for (unsigned i = 0; i < signature.numRequired; ++i)
    if (!slots[i])
      return diags.error(call.getLoc(), "'" + name + "' is missing argument '" +
                                            params[i] + "'");
  return slots;
}

FailureOr<TValue> KernelGen::evalCall(const CallExpr &call) {
  struct Entry {
    StringRef name;
    BuiltinSignature signature;
    Builtin fn;
  };
  static const Entry kBuiltins[] = {
      {"program_id", {{"axis"}, 1}, &KernelGen::callGridQuery},
      {"num_programs", {{"axis"}, 1}, &KernelGen::callGridQuery},
      {"cdiv", {{"a", "b"}, 2}, &KernelGen::callCdiv},
      {"min", {{"a", "b", "axis"}, 1}, &KernelGen::callMinMax},
      {"max", {{"a", "b", "axis"}, 1}, &KernelGen::callMinMax},
      {"sum", {{"x", "axis"}, 2}, &KernelGen::callSum},
      {"exp2", {{"x"}, 1}, &KernelGen::callMath},
      {"exp", {{"x"}, 1}, &KernelGen::callMath},
      {"log2", {{"x"}, 1}, &KernelGen::callMath},
      {"log", {{"x"}, 1}, &KernelGen::callMath},
      {"sqrt", {{"x"}, 1}, &KernelGen::callMath},
      {"rsqrt", {{"x"}, 1}, &KernelGen::callMath},
      {"abs", {{"x"}, 1}, &KernelGen::callMath},
      {"tanh", {{"x"}, 1}, &KernelGen::callMath},
      {"sigmoid", {{"x"}, 1}, &KernelGen::callMath},
      {"floor", {{"x"}, 1}, &KernelGen::callMath},
      {"ceil", {{"x"}, 1}, &KernelGen::callMath},
      {"maximum", {{"a", "b"}, 2}, &KernelGen::callMinMax},
      {"minimum", {{"a", "b"}, 2}, &KernelGen::callMinMax},
      {"dot", {{"a", "b", "acc"}, 2}, &KernelGen::callDot},
      {"trans", {{"x"}, 1}, &KernelGen::callTrans},
      {"where", {{"cond", "x", "y"}, 3}, &KernelGen::callWhere},
      {"iota", {{"n"}, 1}, &KernelGen::callArange},
      {"arange", {{"start", "end"}, 2}, &KernelGen::callArange},
      {"full", {{"shape", "value", "dtype"}, 2}, &KernelGen::callFull},
      {"zeros", {{"shape", "dtype"}, 1}, &KernelGen::callFull},
      {"cast", {{"x", "dtype"}, 2}, &KernelGen::callCast},
      {"online_softmax",
       {{"s", "v", "m", "l", "acc", "scale"}, 5},
       &KernelGen::callOnlineSoftmax},
  };
  static const Entry kMethods[] = {
      {"to", {{"x", "dtype"}, 2}, &KernelGen::callCast},
      {"narrow", {{"x", "dim", "start", "length"}, 4}, &KernelGen::callNarrow},
  };
  bool isMethod = call.getReceiver() != nullptr;
  llvm::ArrayRef<Entry> table = isMethod ? llvm::ArrayRef<Entry>(kMethods)
                                         : llvm::ArrayRef<Entry>(kBuiltins);
  const auto *entry = llvm::find_if(
      table, [&](const Entry &e) { return e.name == call.getCallee(); });
  if (entry == table.end()) {
    if (isMethod)
      return diags.error(call.getLoc(), "unknown method '" + call.getCallee() +
                                            "' (tiles have '.to(dtype)', "
                                            "tensors '.narrow(dim, start, "
                                            "length)')");
    if (call.getCallee() == "range")
      return diags.error(call.getLoc(),
                         "'range' is only allowed in a 'for' loop");
    return diags.error(call.getLoc(),
                       "unknown function '" + call.getCallee() + "'");
  }
  FailureOr<llvm::SmallVector<const Expr *>> args =
      bindArgs(call, entry->signature);
  if (failed(args))
    return failure();
  return (this->*(entry->fn))(call, *args);
}

FailureOr<TValue> KernelGen::callGridQuery(const CallExpr &call,
                                           llvm::ArrayRef<const Expr *> args) {
  FailureOr<int64_t> axis = evalConstInt(*args[0], "the grid axis");
  if (failed(axis))
    return failure();
  if (*axis < 0 || *axis >= static_cast<int64_t>(gridRank))
    return diags.error(args[0]->getLoc(),
                       "grid axis " + llvm::Twine(*axis) +
                           " is out of range: the grid has " +
                           llvm::Twine(gridRank) + " dimension(s)");
  mlir::Location loc = getLoc(call.getLoc());
  mlir::IntegerAttr attr =
      builder.getI32IntegerAttr(static_cast<int32_t>(*axis));
  if (call.getCallee() == "program_id")
    return TValue::ofRuntime(
        tile::ProgramIdOp::create(builder, loc, builder.getI32Type(), attr));
  return TValue::ofRuntime(
      tile::NumProgramsOp::create(builder, loc, builder.getI32Type(), attr));
}

FailureOr<TValue> KernelGen::callCdiv(const CallExpr &call,
                                      llvm::ArrayRef<const Expr *> args) {
  FailureOr<TValue> a = eval(*args[0]);
  if (failed(a))
    return failure();
  FailureOr<TValue> b = eval(*args[1]);
  if (failed(b))
    return failure();
  if (a->isConstant() && b->isConstant()) {
    FailureOr<ConstValue> folded =
        foldBuiltin("cdiv", a->constant, b->constant, call.getLoc(), diags);
    if (failed(folded))
      return failure();
    return TValue::ofConstant(*folded);
  }
  if (b->isConstant() && b->constant.isInt() && b->constant.intValue <= 0)
    return diags.error(args[1]->getLoc(),
                       "'cdiv' expects a positive divisor, got " +
                           b->constant.str());
  FailureOr<Value> lhs = asI32(*a, args[0]->getLoc(), "'cdiv'");
  if (failed(lhs))
    return failure();
  FailureOr<Value> rhs = asI32(*b, args[1]->getLoc(), "'cdiv'");
  if (failed(rhs))
    return failure();
  return TValue::ofRuntime(
      arith::CeilDivSIOp::create(builder, getLoc(call.getLoc()), *lhs, *rhs));
}

FailureOr<TValue> KernelGen::callMinMax(const CallExpr &call,
                                        llvm::ArrayRef<const Expr *> args) {
  // maximum(a, b) / minimum(a, b) are the elementwise forms alone (Triton's
  // names); max / min also reduce with 'axis='.
  StringRef callee = call.getCallee();
  bool isMax = callee == "max" || callee == "maximum";
  StringRef foldName = isMax ? "max" : "min";
  if (args.size() > 2 && args[2] && !args[1]) {
    FailureOr<TValue> x = eval(*args[0]);
    if (failed(x))
      return failure();
    return reduce(isMax ? tile::ReduceKind::Max : tile::ReduceKind::Min, *x,
                  *args[2], call.getLoc());
  }
  if (!args[1] || (args.size() > 2 && args[2]))
    return diags.error(call.getLoc(),
                       "'" + call.getCallee() +
                           "' takes two values (elementwise) or one tile and "
                           "'axis=' (a reduction)");
  FailureOr<TValue> a = eval(*args[0]);
  if (failed(a))
    return failure();
  FailureOr<TValue> b = eval(*args[1]);
  if (failed(b))
    return failure();
  SMLoc loc = call.getLoc();
  if (a->isConstant() && b->isConstant()) {
    FailureOr<ConstValue> folded =
        foldBuiltin(foldName, a->constant, b->constant, loc, diags);
    if (failed(folded))
      return failure();
    return TValue::ofConstant(*folded);
  }
  if (failed(checkOperand(*a, loc)) || failed(checkOperand(*b, loc)))
    return failure();
  std::string what = ("'" + call.getCallee() + "'").str();
  FailureOr<Type> type = commonElementType({&*a, &*b}, loc, what);
  if (failed(type))
    return failure();
  if (isBoolType(*type))
    return diags.error(loc, what + " expects numbers, got bools");
  FailureOr<llvm::SmallVector<int64_t>> shape =
      commonShape({&*a, &*b}, loc, what);
  if (failed(shape))
    return failure();
  FailureOr<Value> l = coerce(*a, *type, *shape, loc);
  if (failed(l))
    return failure();
  FailureOr<Value> r = coerce(*b, *type, *shape, loc);
  if (failed(r))
    return failure();
  mlir::Location location = getLoc(loc);
  if (isa<mlir::FloatType>(*type))
    return TValue::ofRuntime(
        isMax ? Value(arith::MaximumFOp::create(builder, location, *l, *r))
              : Value(arith::MinimumFOp::create(builder, location, *l, *r)));
  return TValue::ofRuntime(
      isMax ? Value(arith::MaxSIOp::create(builder, location, *l, *r))
            : Value(arith::MinSIOp::create(builder, location, *l, *r)));
}

FailureOr<TValue> KernelGen::callSum(const CallExpr &call,
                                     llvm::ArrayRef<const Expr *> args) {
  FailureOr<TValue> x = eval(*args[0]);
  if (failed(x))
    return failure();
  return reduce(tile::ReduceKind::Sum, *x, *args[1], call.getLoc());
}

FailureOr<TValue> KernelGen::reduce(tile::ReduceKind kind, const TValue &value,
                                    const Expr &axisExpr, SMLoc loc) {
  FailureOr<Value> src = asTile(value, loc, "a reduction");
  if (failed(src))
    return failure();
  auto type = cast<mlir::RankedTensorType>(src->getType());
  if (type.getRank() < 2)
    return diags.error(loc, "cannot reduce the 1-D tile " + typeStr(type) +
                                " to a scalar; reductions keep at least one "
                                "dimension (reduce x[:, None] instead)");
  if (isBoolType(type.getElementType()))
    return diags.error(loc, "cannot reduce a tile of bools");
  FailureOr<int64_t> axis = evalConstInt(axisExpr, "'axis'");
  if (failed(axis))
    return failure();
  int64_t rank = type.getRank();
  if (*axis < -rank || *axis >= rank)
    return diags.error(axisExpr.getLoc(), "axis " + llvm::Twine(*axis) +
                                              " is out of range for " +
                                              typeStr(type));
  int64_t normalized = *axis < 0 ? *axis + rank : *axis;
  llvm::SmallVector<int64_t> shape(type.getShape());
  shape.erase(shape.begin() + normalized);
  auto result = mlir::RankedTensorType::get(shape, type.getElementType());
  return TValue::ofRuntime(tile::ReduceOp::create(
      builder, getLoc(loc), result, tile::ReduceKindAttr::get(ctx, kind), *src,
      builder.getI32IntegerAttr(static_cast<int32_t>(normalized))));
}

FailureOr<TValue> KernelGen::callMath(const CallExpr &call,
                                      llvm::ArrayRef<const Expr *> args) {
  StringRef name = call.getCallee();
  FailureOr<TValue> x = eval(*args[0]);
  if (failed(x) || failed(checkOperand(*x, args[0]->getLoc())))
    return failure();
  if (x->isConstant()) {
    const ConstValue &c = x->constant;
    if (c.isBool())
      return diags.error(call.getLoc(), "'" + name + "' expects a number");
    if (name == "abs" && c.isInt()) {
      if (c.intValue == std::numeric_limits<int64_t>::min())
        return diags.error(call.getLoc(), "integer overflow in 'abs'");
      return TValue::ofConstant(ConstValue::getInt(std::llabs(c.intValue)));
    }
    double d = c.toDouble();
    double r = llvm::StringSwitch<double>(name)
                   .Case("exp2", std::exp2(d))
                   .Case("exp", std::exp(d))
                   .Case("log2", std::log2(d))
                   .Case("log", std::log(d))
                   .Case("sqrt", std::sqrt(d))
                   .Case("rsqrt", 1.0 / std::sqrt(d))
                   .Case("tanh", std::tanh(d))
                   .Case("sigmoid", 1.0 / (1.0 + std::exp(-d)))
                   .Case("floor", std::floor(d))
                   .Case("ceil", std::ceil(d))
                   .Default(std::fabs(d));
    return TValue::ofConstant(ConstValue::getFloat(r));
  }
  Value v = x->value;
  Type type = elementTypeOf(v);
  mlir::Location loc = getLoc(call.getLoc());
  if (name == "abs" && type.isInteger(32))
    return TValue::ofRuntime(math::AbsIOp::create(builder, loc, v));
  if (!isa<mlir::FloatType>(type))
    return diags.error(call.getLoc(), "'" + name +
                                          "' expects a float operand, got " +
                                          typeStr(v.getType()));
  // sigmoid(x) = 1 / (1 + exp(-x)): exp(-x) = inf for x < -88 gives 0.
  auto sigmoid = [&]() -> Value {
    Value one = arith::ConstantOp::create(builder, loc,
                                          builder.getFloatAttr(type, 1.0));
    if (auto tileType = dyn_cast<mlir::RankedTensorType>(v.getType()))
      one = tile::SplatOp::create(builder, loc, tileType, one);
    Value e = math::ExpOp::create(builder, loc,
                                  arith::NegFOp::create(builder, loc, v));
    return arith::DivFOp::create(builder, loc, one,
                                 arith::AddFOp::create(builder, loc, one, e));
  };
  Value result =
      llvm::StringSwitch<std::function<Value()>>(name)
          .Case("exp2", [&] { return math::Exp2Op::create(builder, loc, v); })
          .Case("exp", [&] { return math::ExpOp::create(builder, loc, v); })
          .Case("log2", [&] { return math::Log2Op::create(builder, loc, v); })
          .Case("log", [&] { return math::LogOp::create(builder, loc, v); })
          .Case("sqrt", [&] { return math::SqrtOp::create(builder, loc, v); })
          .Case("rsqrt",
                [&] { return math::RsqrtOp::create(builder, loc, v); })
          .Case("tanh", [&] { return math::TanhOp::create(builder, loc, v); })
          .Case("sigmoid", sigmoid)
          .Case("floor",
                [&] { return math::FloorOp::create(builder, loc, v); })
          .Case("ceil", [&] { return math::CeilOp::create(builder, loc, v); })
          .Default([&] { return math::AbsFOp::create(builder, loc, v); })();
  return TValue::ofRuntime(result);
}

FailureOr<TValue> KernelGen::callDot(const CallExpr &call,
                                     llvm::ArrayRef<const Expr *> args) {
  llvm::SmallVector<Value, 2> operands;
  for (const Expr *arg : args.take_front(2)) {
    FailureOr<TValue> value = eval(*arg);
    if (failed(value))
      return failure();
    FailureOr<Value> tileValue =
        asTile(*value, arg->getLoc(), "an operand of 'dot'", 2);
    if (failed(tileValue))
      return failure();
    Type type = elementTypeOf(*tileValue);
    if (!type.isF16() && !type.isBF16())
      return diags.error(arg->getLoc(),
                         "'dot' expects f16 or bf16 operands, got " +
                             typeStr(tileValue->getType()) +
                             "; convert it with .to(f16)");
    operands.push_back(*tileValue);
  }
  auto a = cast<mlir::RankedTensorType>(operands[0].getType());
  auto b = cast<mlir::RankedTensorType>(operands[1].getType());
  if (a.getElementType() != b.getElementType())
    return diags.error(call.getLoc(), "'dot' operands have different element "
                                      "types, " +
                                          typeStr(a) + " and " + typeStr(b));
  if (a.getDimSize(1) != b.getDimSize(0))
    return diags.error(call.getLoc(),
                       "'dot' inner dimensions differ: " + typeStr(a) + " · " +
                           typeStr(b) + " (" + llvm::Twine(a.getDimSize(1)) +
                           " vs " + llvm::Twine(b.getDimSize(0)) +
                           "); did you mean trans()?");
  llvm::SmallVector<int64_t> shape{a.getDimSize(0), b.getDimSize(1)};
  FailureOr<mlir::RankedTensorType> resultType =
      getTileType(shape, builder.getF32Type(), call.getLoc());
  if (failed(resultType))
    return failure();
  Value acc;
  if (args[2]) {
    FailureOr<TValue> value = eval(*args[2]);
    if (failed(value) || failed(checkOperand(*value, args[2]->getLoc())))
      return failure();
    if (value->isRuntime() && value->value.getType() != *resultType)
      return diags.error(args[2]->getLoc(),
                         "expected the accumulator of 'dot' to be " +
                             typeStr(*resultType) + ", got " +
                             typeStr(value->value.getType()));
    FailureOr<Value> coerced =
        coerce(*value, builder.getF32Type(), shape, args[2]->getLoc());
    if (failed(coerced))
      return failure();
    acc = *coerced;
  } else {
    FailureOr<Value> zero = materialize(
        ConstValue::getFloat(0.0), builder.getF32Type(), shape, call.getLoc());
    if (failed(zero))
      return failure();
    acc = *zero;
  }
  return TValue::ofRuntime(tile::DotOp::create(builder, getLoc(call.getLoc()),
                                               *resultType, operands[0],
                                               operands[1], acc));
}

FailureOr<TValue> KernelGen::callTrans(const CallExpr &call,
                                       llvm::ArrayRef<const Expr *> args) {
  FailureOr<TValue> x = eval(*args[0]);
  if (failed(x))
    return failure();
  FailureOr<Value> src = asTile(*x, args[0]->getLoc(), "'trans'", 2);
  if (failed(src))
    return failure();
  auto type = cast<mlir::RankedTensorType>(src->getType());
  auto result = mlir::RankedTensorType::get(
      {type.getDimSize(1), type.getDimSize(0)}, type.getElementType());
  return TValue::ofRuntime(
      tile::TransOp::create(builder, getLoc(call.getLoc()), result, *src));
}

FailureOr<TValue> KernelGen::callWhere(const CallExpr &call,
                                       llvm::ArrayRef<const Expr *> args) {
  SMLoc loc = call.getLoc();
  FailureOr<TValue> cond = eval(*args[0]);
  if (failed(cond) || failed(checkOperand(*cond, args[0]->getLoc())))
    return failure();
  if (cond->isConstant()) {
    if (!cond->constant.isBool())
      return diags.error(args[0]->getLoc(), "expected a bool condition");
    return eval(*args[cond->constant.boolValue ? 1 : 2]);
  }
  if (!isBoolType(elementTypeOf(cond->value)))
    return diags.error(args[0]->getLoc(), "expected a bool condition, got " +
                                              typeStr(cond->value.getType()));
  FailureOr<TValue> x = eval(*args[1]);
  if (failed(x) || failed(checkOperand(*x, args[1]->getLoc())))
    return failure();
  FailureOr<TValue> y = eval(*args[2]);
  if (failed(y) || failed(checkOperand(*y, args[2]->getLoc())))
    return failure();
  FailureOr<Type> type = commonElementType({&*x, &*y}, loc, "'where'");
  if (failed(type))
    return failure();
  FailureOr<llvm::SmallVector<int64_t>> shape =
      commonShape({&*cond, &*x, &*y}, loc, "'where'");
  if (failed(shape))
    return failure();
  Value c = broadcastTo(cond->value, *shape, loc);
  FailureOr<Value> t = coerce(*x, *type, *shape, args[1]->getLoc());
  if (failed(t))
    return failure();
  FailureOr<Value> f = coerce(*y, *type, *shape, args[2]->getLoc());
  if (failed(f))
    return failure();
  return TValue::ofRuntime(
      arith::SelectOp::create(builder, getLoc(loc), c, *t, *f));
}

FailureOr<Value> KernelGen::iota(int64_t length, SMLoc loc) {
  FailureOr<mlir::RankedTensorType> type =
      getTileType({length}, builder.getI32Type(), loc);
  if (failed(type))
    return failure();
  return Value(tile::IotaOp::create(builder, getLoc(loc), *type));
}

FailureOr<TValue> KernelGen::callArange(const CallExpr &call,
                                        llvm::ArrayRef<const Expr *> args) {
  bool isIota = call.getCallee() == "iota";
  int64_t start = 0;
  if (!isIota) {
    FailureOr<int64_t> value = evalConstInt(*args[0], "the start of 'arange'");
    if (failed(value))
      return failure();
    start = *value;
  }
  const Expr &endExpr = *args[isIota ? 0 : 1];
  FailureOr<int64_t> end = evalConstInt(endExpr, "the length of the range");
  if (failed(end))
    return failure();
  int64_t length;
  if (llvm::SubOverflow(*end, start, length) || length < 1)
    return diags.error(call.getLoc(), "expected a non-empty range, got " +
                                          llvm::Twine(start) + " to " +
                                          llvm::Twine(*end));
  FailureOr<Value> indices = iota(length, call.getLoc());
  if (failed(indices))
    return failure();
  TValue result = TValue::ofRuntime(*indices);
  if (start == 0)
    return result;
  return applyBinary(BinaryOp::Add, result,
                     TValue::ofConstant(ConstValue::getInt(start)),
                     call.getLoc());
}

FailureOr<TValue> KernelGen::callFull(const CallExpr &call,
                                      llvm::ArrayRef<const Expr *> args) {
  bool isZeros = call.getCallee() == "zeros";
  FailureOr<llvm::SmallVector<int64_t>> shape = evalShape(*args[0]);
  if (failed(shape))
    return failure();
  Type type = builder.getF32Type();
  if (const Expr *dtype = args[isZeros ? 1 : 2]) {
    FailureOr<Type> parsed = evalElementType(*dtype);
    if (failed(parsed))
      return failure();
    type = *parsed;
  }
  if (isZeros) {
    ConstValue zero = isBoolType(type)             ? ConstValue::getBool(false)
                      : isa<mlir::FloatType>(type) ? ConstValue::getFloat(0.0)
                                                   : ConstValue::getInt(0);
    FailureOr<Value> value = materialize(zero, type, *shape, call.getLoc());
    if (failed(value))
      return failure();
    return TValue::ofRuntime(*value);
  }
  FailureOr<TValue> value = eval(*args[1]);
  if (failed(value) || failed(checkOperand(*value, args[1]->getLoc())))
    return failure();
  if (value->isConstant()) {
    FailureOr<Value> filled =
        materialize(value->constant, type, *shape, args[1]->getLoc());
    if (failed(filled))
      return failure();
    return TValue::ofRuntime(*filled);
  }
  if (value->isTile())
    return diags.error(args[1]->getLoc(),
                       "expected a scalar fill value, got the tile " +
                           typeStr(value->value.getType()));
  TValue splat =
      TValue::ofRuntime(broadcastTo(value->value, *shape, call.getLoc()));
  return castTo(splat, type, call.getLoc());
}

FailureOr<TValue> KernelGen::callNarrow(const CallExpr &call,
                                        llvm::ArrayRef<const Expr *> args) {
  FailureOr<TValue> base = eval(*args[0]);
  if (failed(base))
    return failure();
  if (base->kind != TValue::Kind::Tensor)
    return diags.error(call.getLoc(), "'narrow' applies to a tensor in global "
                                      "memory (a parameter or a narrowed "
                                      "view of one)");
  const TensorParam &tensor = *base->tensor;
  FailureOr<TValue> dim = eval(*args[1]);
  if (failed(dim))
    return failure();
  int64_t rank = static_cast<int64_t>(tensor.fixedDims.size());
  if (!dim->isConstant() || !dim->constant.isInt() ||
      dim->constant.intValue < 0 || dim->constant.intValue >= rank)
    return diags.error(args[1]->getLoc(),
                       "expected a constant dimension in [0, " +
                           llvm::Twine(rank) + ") of '" + tensor.name + "'");
  llvm::SmallVector<Value, 2> bounds;
  for (const Expr *arg : args.drop_front(2)) {
    FailureOr<TValue> value = eval(*arg);
    if (failed(value))
      return failure();
    FailureOr<Value> scalar = asI32(*value, arg->getLoc(), "a bound of 'narrow'");
    if (failed(scalar))
      return failure();
    bounds.push_back(*scalar);
  }
  unsigned d = static_cast<unsigned>(dim->constant.intValue);
  TensorParam &narrowed = derivedTensors.emplace_back(tensor);
  narrowed.view = tile::NarrowOp::create(
      builder, getLoc(call.getLoc()), tensor.view, d, bounds[0], bounds[1]);
  narrowed.fixedDims[d] = std::nullopt;
  narrowed.dimNames[d] = StringRef();
  return TValue::ofTensor(&narrowed);
}

FailureOr<TValue> KernelGen::callCast(const CallExpr &call,
                                      llvm::ArrayRef<const Expr *> args) {
  FailureOr<TValue> x = eval(*args[0]);
  if (failed(x))
    return failure();
  FailureOr<Type> type = evalElementType(*args[1]);
  if (failed(type))
    return failure();
  return castTo(*x, *type, call.getLoc());
}

FailureOr<TValue>
KernelGen::callOnlineSoftmax(const CallExpr &call,
                             llvm::ArrayRef<const Expr *> args) {
  static constexpr StringRef kNames[] = {"the scores 's'", "the values 'v'",
                                         "the row max 'm'", "the row sum 'l'",
                                         "the accumulator 'acc'"};
  static constexpr unsigned kRanks[] = {2, 2, 1, 1, 2};
  llvm::SmallVector<Value, 5> operands;
  for (auto [arg, what, rank] : llvm::zip(args.take_front(5), kNames, kRanks)) {
    FailureOr<TValue> value = eval(*arg);
    if (failed(value))
      return failure();
    FailureOr<Value> tileValue = asTile(*value, arg->getLoc(), what, rank);
    if (failed(tileValue))
      return failure();
    operands.push_back(*tileValue);
  }
  auto s = cast<mlir::RankedTensorType>(operands[0].getType());
  auto v = cast<mlir::RankedTensorType>(operands[1].getType());
  Type f32 = builder.getF32Type();
  auto expect = [&](unsigned index, mlir::RankedTensorType expected) {
    if (operands[index].getType() == expected)
      return success();
    return diags.error(args[index]->getLoc(),
                       "expected " + kNames[index] +
                           " of 'online_softmax' to "
                           "be " +
                           typeStr(expected) + ", got " +
                           typeStr(operands[index].getType()));
  };
  if (!s.getElementType().isF32())
    return diags.error(args[0]->getLoc(),
                       "expected f32 scores in 'online_softmax', got " +
                           typeStr(s));
  if (!v.getElementType().isF16() && !v.getElementType().isBF16())
    return diags.error(args[1]->getLoc(),
                       "expected f16 or bf16 values in 'online_softmax', got " +
                           typeStr(v));
  if (v.getDimSize(0) != s.getDimSize(1))
    return diags.error(args[1]->getLoc(),
                       "expected " + llvm::Twine(s.getDimSize(1)) +
                           " rows of values (the columns of the scores " +
                           typeStr(s) + "), got " + typeStr(v));
  auto rows = mlir::RankedTensorType::get({s.getDimSize(0)}, f32);
  auto acc =
      mlir::RankedTensorType::get({s.getDimSize(0), v.getDimSize(1)}, f32);
  if (failed(expect(2, rows)) || failed(expect(3, rows)) ||
      failed(expect(4, acc)))
    return failure();
  Value scale;
  if (args[5]) {
    FailureOr<TValue> value = eval(*args[5]);
    if (failed(value) || failed(checkOperand(*value, args[5]->getLoc())))
      return failure();
    if (value->isRuntime() && value->value.getType() != f32)
      return diags.error(args[5]->getLoc(),
                         "expected an f32 scalar scale, got " +
                             typeStr(value->value.getType()));
    FailureOr<Value> coerced = coerce(*value, f32, {}, args[5]->getLoc());
    if (failed(coerced))
      return failure();
    scale = *coerced;
  }
  auto op = tile::OnlineSoftmaxOp::create(
      builder, getLoc(call.getLoc()), mlir::TypeRange{rows, rows, acc},
      operands[0], operands[1], operands[2], operands[3], operands[4], scale);
  std::vector<TValue> results;
  for (Value result : op->getResults())
    results.push_back(TValue::ofRuntime(result));
  return TValue::ofTuple(std::move(results));
}

//===----------------------------------------------------------------------===//
// Subscripts: loads, stores and dimension insertion
//===----------------------------------------------------------------------===//

FailureOr<int64_t> KernelGen::sliceLength(const TensorParam &tensor,
                                          unsigned dim, const SliceExpr &slice,
                                          const TValue &start) {
  if (!slice.getEnd()) {
    if (!slice.getStart() && tensor.fixedDims[dim])
      return *tensor.fixedDims[dim];
    return diags.error(slice.getLoc(),
                       "the slice of dimension " + llvm::Twine(dim) + " of '" +
                           tensor.name +
                           "' has no compile-time length; write "
                           "'start : start + LENGTH'");
  }
  FailureOr<TValue> end = eval(*slice.getEnd());
  if (failed(end))
    return failure();
  if (failed(asI32(*end, slice.getEnd()->getLoc(), "the end of a slice")))
    return failure();
  int64_t length;
  bool sameBase = start.linBase == end->linBase;
  if (!sameBase || llvm::SubOverflow(end->linOffset, start.linOffset, length))
    return diags.error(slice.getLoc(),
                       "the length of a slice must be a compile-time "
                       "constant, as in 'a : a + BLOCK'");
  if (length < 1)
    return diags.error(slice.getLoc(),
                       "expected a positive slice length, got " +
                           llvm::Twine(length));
  return length;
}

FailureOr<KernelGen::Access> KernelGen::lowerAccess(const TensorParam &tensor,
                                                    const SubscriptExpr &expr,
                                                    bool allowScalar) {
  const std::vector<ExprPtr> &items = expr.getItems();
  size_t rank = tensor.fixedDims.size();
  if (items.size() != rank)
    return diags.error(expr.getLoc(), "expected " + llvm::Twine(rank) +
                                          " subscripts for '" + tensor.name +
                                          "' (one per dimension), got " +
                                          llvm::Twine(items.size()));
  Access access;
  for (auto [dim, item] : llvm::enumerate(items)) {
    SMLoc loc = item->getLoc();
    if (isa<NoneExpr>(*item))
      return diags.error(loc, "'None' cannot subscript a tensor");
    auto *slice = dyn_cast<SliceExpr>(item.get());
    if (!slice && !access.shape.empty())
      return diags.error(loc, "an index cannot follow a slice: index the "
                              "leading dimensions and slice the trailing ones");
    TValue start = TValue::ofConstant(ConstValue::getInt(0));
    const Expr *startExpr = slice ? slice->getStart() : item.get();
    if (startExpr) {
      FailureOr<TValue> value = eval(*startExpr);
      if (failed(value))
        return failure();
      start = *value;
    }
    FailureOr<Value> index = asI32(start, loc, "a subscript");
    if (failed(index))
      return failure();
    access.indices.push_back(*index);
    if (!slice)
      continue;
    FailureOr<int64_t> length =
        sliceLength(tensor, static_cast<unsigned>(dim), *slice, start);
    if (failed(length))
      return failure();
    access.shape.push_back(*length);
  }
  if (access.shape.empty()) {
    if (allowScalar)
      return access;
    return diags.error(expr.getLoc(), "expected at least one slice 'a : b' in "
                                      "the subscript of '" +
                                          tensor.name +
                                          "' (a store writes a tile; reading "
                                          "one element is a scalar load)");
  }
  if (failed(checkTileShape(access.shape, expr.getLoc())))
    return failure();
  return access;
}

FailureOr<TValue> KernelGen::insertDims(const TValue &base,
                                        const SubscriptExpr &expr) {
  FailureOr<Value> value =
      asTile(base, expr.getLoc(), "a subscript with 'None'");
  if (failed(value))
    return failure();
  auto type = cast<mlir::RankedTensorType>(value->getType());
  llvm::SmallVector<int64_t> shape(type.getShape());
  unsigned kept = 0;
  for (const ExprPtr &item : expr.getItems()) {
    auto *slice = dyn_cast<SliceExpr>(item.get());
    if (slice && !slice->getStart() && !slice->getEnd() &&
        kept < type.getRank()) {
      ++kept;
      continue;
    }
    if (!isa<NoneExpr>(*item))
      return diags.error(item->getLoc(),
                         "a tile can only be subscripted with ':' (keep a "
                         "dimension) and 'None' (insert one), one ':' per "
                         "dimension of " +
                             typeStr(type));
  }
  if (kept != type.getRank())
    return diags.error(expr.getLoc(),
                       "expected " + llvm::Twine(type.getRank()) +
                           " ':' in the subscript of " + typeStr(type) +
                           ", got " + llvm::Twine(kept));
  Value result = *value;
  for (auto [axis, item] : llvm::enumerate(expr.getItems())) {
    if (isa<NoneExpr>(*item)) {
      shape.insert(shape.begin() + axis, 1);
      if (failed(checkTileShape(shape, item->getLoc())))
        return failure();
      result = tile::ExpandDimsOp::create(
          builder, getLoc(item->getLoc()),
          mlir::RankedTensorType::get(shape, type.getElementType()), result,
          builder.getI32IntegerAttr(static_cast<int32_t>(axis)));
    }
  }
  return TValue::ofRuntime(result);
}

FailureOr<TValue> KernelGen::evalSubscript(const SubscriptExpr &expr) {
  FailureOr<TValue> base = eval(expr.getBase());
  if (failed(base))
    return failure();
  if (base->kind != TValue::Kind::Tensor)
    return insertDims(*base, expr);
  const TensorParam &tensor = *base->tensor;
  if (tensor.role == ParamRole::Output)
    return diags.error(expr.getLoc(), "cannot load from '" + tensor.name +
                                          "': it is an output; declare it "
                                          "'inout' to read it");
  FailureOr<Access> access = lowerAccess(tensor, expr, /*allowScalar=*/true);
  if (failed(access))
    return failure();
  // Every dimension indexed: one element, a scalar (`start = CuSeqlens[b]`).
  if (access->shape.empty())
    return TValue::ofRuntime(tile::LoadScalarOp::create(
        builder, getLoc(expr.getLoc()), tensor.elementType, tensor.view,
        access->indices, builder.getF64FloatAttr(0.0)));
  auto type = mlir::RankedTensorType::get(access->shape, tensor.elementType);
  return TValue::ofRuntime(
      tile::LoadOp::create(builder, getLoc(expr.getLoc()), type, tensor.view,
                           access->indices, builder.getF64FloatAttr(0.0)));
}

LogicalResult KernelGen::lowerStore(const SubscriptExpr &target,
                                    const TValue &value, SMLoc loc) {
  FailureOr<TValue> base = eval(target.getBase());
  if (failed(base))
    return failure();
  if (base->kind != TValue::Kind::Tensor)
    return diags.error(target.getLoc(),
                       "only tensor parameters can be stored to; tiles are "
                       "values");
  const TensorParam &tensor = *base->tensor;
  if (tensor.role == ParamRole::Input)
    return diags.error(target.getLoc(), "cannot store to '" + tensor.name +
                                            "': it is an input; declare it "
                                            "'out' or 'inout'");
  FailureOr<Access> access = lowerAccess(tensor, target);
  if (failed(access))
    return failure();
  if (failed(checkOperand(value, loc)))
    return failure();
  if (value.isRuntime() && elementTypeOf(value.value) != tensor.elementType)
    return diags.error(
        loc, "cannot store " + typeStr(value.value.getType()) + " into '" +
                 tensor.name + "' of " + typeStr(tensor.elementType) +
                 "; convert it with .to(" + typeStr(tensor.elementType) + ")");
  auto sliceType =
      mlir::RankedTensorType::get(access->shape, tensor.elementType);
  if (value.isTile()) {
    llvm::ArrayRef<int64_t> valueShape = value.getShape();
    bool fits = valueShape.size() <= access->shape.size();
    for (size_t i = 0; fits && i < valueShape.size(); ++i) {
      int64_t want =
          access->shape[access->shape.size() - valueShape.size() + i];
      fits = valueShape[i] == want || valueShape[i] == 1;
    }
    if (!fits)
      return diags.error(loc, "cannot store " + typeStr(value.value.getType()) +
                                  " into the slice " + typeStr(sliceType) +
                                  " of '" + tensor.name + "'");
  }
  FailureOr<Value> stored =
      coerce(value, tensor.elementType, access->shape, loc);
  if (failed(stored))
    return failure();
  tile::StoreOp::create(builder, getLoc(target.getLoc()), *stored, tensor.view,
                        access->indices);
  return success();
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

LogicalResult KernelGen::checkAssignable(StringRef name, SMLoc loc) {
  if (lookupLocal(name))
    return success();
  auto reserved = [&](StringRef what) {
    return diags.error(loc, "cannot assign to '" + name + "': it is " + what);
  };
  if (tensorIndex.count(name) || scalarParams.count(name))
    return reserved("a kernel parameter");
  if (sizeSources.count(name))
    return reserved("a tensor size");
  if (constants.lookup(name))
    return reserved("a compile-time constant (override it with -D)");
  if (isTypeName(name) || lookupPredefinedConstant(name))
    return reserved("a reserved name");
  return success();
}

LogicalResult KernelGen::assign(StringRef name, const TValue &value,
                                SMLoc loc) {
  if (failed(checkAssignable(name, loc)))
    return failure();
  if (value.kind == TValue::Kind::Tuple)
    return diags.error(loc, "cannot assign " +
                                llvm::Twine(value.elements.size()) +
                                " values to the single name '" + name + "'");
  if (Binding *binding = lookupLocal(name)) {
    *binding = {value, loc};
    return success();
  }
  scopes.back()[name] = {value, loc};
  return success();
}

LogicalResult KernelGen::lowerAssign(const AssignStmt &stmt) {
  FailureOr<TValue> value = eval(stmt.getValue());
  if (failed(value))
    return failure();
  const Expr &target = stmt.getTarget();
  if (auto *subscript = dyn_cast<SubscriptExpr>(&target))
    return lowerStore(*subscript, *value, stmt.getValue().getLoc());
  if (auto *name = dyn_cast<NameExpr>(&target))
    return assign(name->getName(), *value, name->getLoc());
  const auto &names = cast<TupleExpr>(target).getElements();
  if (value->kind != TValue::Kind::Tuple ||
      value->elements.size() != names.size())
    return diags.error(stmt.getValue().getLoc(),
                       "expected " + llvm::Twine(names.size()) +
                           " values on the right of '='");
  for (auto [nameExpr, element] : llvm::zip(names, value->elements))
    if (failed(assign(cast<NameExpr>(*nameExpr).getName(), element,
                      nameExpr->getLoc())))
      return failure();
  return success();
}

LogicalResult KernelGen::lowerIf(const IfStmt &stmt) {
  for (const IfStmt::Branch &branch : stmt.getBranches()) {
    if (!branch.condition)
      return lowerBlock(branch.body);
    FailureOr<TValue> condition = eval(*branch.condition);
    if (failed(condition))
      return failure();
    if (!condition->isConstant() || condition->constant.isFloat())
      return diags.error(branch.condition->getLoc(),
                         "'if' conditions must be compile-time bools or "
                         "integers; select between tiles with where()");
    bool taken = condition->constant.isBool() ? condition->constant.boolValue
                                              : condition->constant.intValue;
    if (taken)
      return lowerBlock(branch.body);
  }
  return success();
}

/// Collects the names a block assigns, in order, including nested blocks.
static void collectAssignedNames(const Block &block,
                                 llvm::SetVector<StringRef> &names) {
  for (const StmtPtr &stmt : block) {
    if (auto *assign = dyn_cast<AssignStmt>(stmt.get())) {
      const Expr &target = assign->getTarget();
      if (auto *name = dyn_cast<NameExpr>(&target))
        names.insert(name->getName());
      else if (auto *tuple = dyn_cast<TupleExpr>(&target))
        for (const ExprPtr &element : tuple->getElements())
          names.insert(cast<NameExpr>(*element).getName());
    } else if (auto *aug = dyn_cast<AugAssignStmt>(stmt.get())) {
      names.insert(aug->getTarget().getName());
    } else if (auto *loop = dyn_cast<ForStmt>(stmt.get())) {
      collectAssignedNames(loop->getBody(), names);
    } else if (auto *branch = dyn_cast<IfStmt>(stmt.get())) {
      for (const IfStmt::Branch &b : branch->getBranches())
        collectAssignedNames(b.body, names);
    }
  }
}

LogicalResult KernelGen::lowerFor(const ForStmt &stmt) {
  const std::vector<ExprPtr> &args = stmt.getRangeArgs();
  if (failed(checkAssignable(stmt.getVar(), stmt.getLoc())))
    return failure();
  if (args.empty() || args.size() > 3)
    return diags.error(stmt.getRangeLoc(),
                       "'range' takes 1 to 3 arguments, got " +
                           llvm::Twine(args.size()));
  TValue lo = TValue::ofConstant(ConstValue::getInt(0)), hi = lo;
  for (size_t i = 0; i < std::min<size_t>(args.size(), 2); ++i) {
    FailureOr<TValue> bound = eval(*args[i]);
    if (failed(bound))
      return failure();
    (args.size() == 1 || i == 1 ? hi : lo) = *bound;
  }
  int64_t step = 1;
  if (args.size() == 3) {
    FailureOr<int64_t> value = evalConstInt(*args[2], "the step of 'range'");
    if (failed(value))
      return failure();
    if (*value < 1 || *value > std::numeric_limits<int32_t>::max())
      return diags.error(args[2]->getLoc(),
                         "expected a positive i32 step, got " +
                             llvm::Twine(*value));
    step = *value;
  }
  FailureOr<Value> lower =
      asI32(lo, args.size() == 1 ? stmt.getRangeLoc() : args[0]->getLoc(),
            "the start of 'range'");
  if (failed(lower))
    return failure();
  FailureOr<Value> upper =
      asI32(hi, args[args.size() == 1 ? 0 : 1]->getLoc(), "the end of 'range'");
  if (failed(upper))
    return failure();
  FailureOr<Value> stepValue = materialize(
      ConstValue::getInt(step), builder.getI32Type(), {}, stmt.getRangeLoc());
  if (failed(stepValue))
    return failure();

  // Variables of enclosing scopes assigned in the body are loop-carried.
  llvm::SetVector<StringRef> assigned;
  collectAssignedNames(stmt.getBody(), assigned);
  llvm::SmallVector<StringRef> carried;
  llvm::SmallVector<Value> inits;
  for (StringRef name : assigned) {
    Binding *binding = lookupLocal(name);
    if (!binding || name == stmt.getVar())
      continue;
    const TValue &value = binding->value;
    Value init;
    if (value.isConstant()) {
      Type type = value.constant.isFloat()  ? Type(builder.getF32Type())
                  : value.constant.isBool() ? Type(builder.getI1Type())
                                            : Type(builder.getI32Type());
      FailureOr<Value> materialized =
          materialize(value.constant, type, {}, binding->loc);
      if (failed(materialized))
        return failure();
      init = *materialized;
    } else if (value.isRuntime()) {
      init = value.value;
    } else {
      return diags.error(binding->loc,
                         "'" + name +
                             "' is reassigned in the loop below, so "
                             "it must hold a number or a tile");
    }
    carried.push_back(name);
    inits.push_back(init);
  }

  auto loop = mlir::scf::ForOp::create(builder, getLoc(stmt.getLoc()), *lower,
                                       *upper, *stepValue, inits);
  mlir::Block *body = loop.getBody();
  mlir::OpBuilder::InsertionGuard guard(builder);
  if (body->mightHaveTerminator())
    builder.setInsertionPoint(body->getTerminator());
  else
    builder.setInsertionPointToEnd(body);

  scopes.emplace_back();
  scopes.back()[stmt.getVar()] = {TValue::ofRuntime(loop.getInductionVar()),
                                  stmt.getLoc()};
  for (auto [name, arg] : llvm::zip(carried, loop.getRegionIterArgs()))
    scopes.back()[name] = {TValue::ofRuntime(arg), stmt.getLoc()};
  if (failed(lowerBlock(stmt.getBody())))
    return failure();

  llvm::SmallVector<Value> yields;
  for (auto [name, arg] : llvm::zip(carried, loop.getRegionIterArgs())) {
    const Binding &binding = scopes.back()[name];
    if (failed(checkOperand(binding.value, binding.loc)))
      return failure();
    Type type = arg.getType();
    if (binding.value.isRuntime() && binding.value.value.getType() != type) {
      (void)diags.error(binding.loc,
                        "loop-carried variable '" + name +
                            "' changes type in the loop body: it enters as " +
                            typeStr(type) + " and is assigned " +
                            typeStr(binding.value.value.getType()));
      diags.note(stmt.getLoc(), "in this loop");
      return failure();
    }
    auto tensor = dyn_cast<mlir::RankedTensorType>(type);
    FailureOr<Value> yielded = coerce(
        binding.value, mlir::getElementTypeOrSelf(type),
        tensor ? tensor.getShape() : llvm::ArrayRef<int64_t>(), binding.loc);
    if (failed(yielded))
      return failure();
    yields.push_back(*yielded);
  }
  if (!carried.empty())
    mlir::scf::YieldOp::create(builder, getLoc(stmt.getLoc()), yields);
  scopes.pop_back();

  builder.setInsertionPointAfter(loop);
  for (auto [name, result] : llvm::zip(carried, loop.getResults()))
    lookupLocal(name)->value = TValue::ofRuntime(result);
  return success();
}

LogicalResult KernelGen::lowerStmt(const Stmt &stmt) {
  switch (stmt.getKind()) {
  case Stmt::Kind::Assign:
    return lowerAssign(cast<AssignStmt>(stmt));
  case Stmt::Kind::AugAssign: {
    const auto &aug = cast<AugAssignStmt>(stmt);
    FailureOr<TValue> lhs = evalName(aug.getTarget());
    if (failed(lhs))
      return failure();
    FailureOr<TValue> rhs = eval(aug.getValue());
    if (failed(rhs))
      return failure();
    FailureOr<TValue> result =
        applyBinary(aug.getOp(), *lhs, *rhs, stmt.getLoc());
    if (failed(result))
      return failure();
    return assign(aug.getTarget().getName(), *result, aug.getTarget().getLoc());
  }
  case Stmt::Kind::Expr:
    return mlir::success(succeeded(eval(cast<ExprStmt>(stmt).getExpr())));
  case Stmt::Kind::For:
    return lowerFor(cast<ForStmt>(stmt));
  case Stmt::Kind::If:
    return lowerIf(cast<IfStmt>(stmt));
  case Stmt::Kind::Pass:
    return success();
  }
  return failure();
}

LogicalResult KernelGen::lowerBlock(const Block &block) {
  for (const StmtPtr &stmt : block)
    if (failed(lowerStmt(*stmt)))
      return failure();
  return success();
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
