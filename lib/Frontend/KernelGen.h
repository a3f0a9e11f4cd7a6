//===- KernelGen.h - The state of one kernel being lowered ------*- C++ -*-===//
//
// Part of Tessera. Private to lib/Frontend: the class that checks and lowers
// one kernel, whose members are defined by responsibility in
//   IRGen.cpp          the entry point, the kernel signature, grid and
//                      attributes;
//   IRGenTypes.cpp     tile types, constants, coercions and casts;
//   IRGenExpr.cpp      names, unary and binary expressions;
//   IRGenBuiltins.cpp  builtin functions (argument binding, math, reductions,
//                      dot, online_softmax, ...);
//   IRGenAccess.cpp    element access: loads, stores, subscripts and narrow;
//   IRGenStmt.cpp      statements: assignments and control flow.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_LIB_FRONTEND_KERNELGEN_H
#define TESSERA_LIB_FRONTEND_KERNELGEN_H

#include "AST.h"
#include "Constants.h"
#include "Diagnostics.h"
#include "IRGen.h"

#include "tessera/Frontend/Frontend.h"

#include "Tile/IR/TileDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <deque>
#include <optional>
#include <string>
#include <vector>

namespace tessera::frontend::irgen {

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

/// Tiles larger than this are rejected: they could not live on chip anyway,
/// and bounding them keeps compile-time constants small.
inline constexpr int64_t kMaxTileElements = int64_t(1) << 20;
inline constexpr size_t kMaxTileRank = 4;

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

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


/// The element type of a scalar or tile value.
Type elementTypeOf(Value value);
/// Spells a shape as the language does: `[128, 64]`.
std::string shapeStr(llvm::ArrayRef<int64_t> shape);
/// Spells a type as the language does: `f32` or `f32[128, 64]`.
std::string typeStr(Type type);
/// The element type a type name denotes (`bool` is i1), if any.
std::optional<Type> parseElementType(mlir::MLIRContext *ctx, StringRef name);
bool isBoolType(Type type);

//===----------------------------------------------------------------------===//
// KernelGen
//===----------------------------------------------------------------------===//

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
  FailureOr<TValue> callReduce(const CallExpr &call,
                               llvm::ArrayRef<const Expr *> args);
  FailureOr<TValue> callCumsum(const CallExpr &call,
                               llvm::ArrayRef<const Expr *> args);
  FailureOr<TValue> callMath(const CallExpr &call,
                             llvm::ArrayRef<const Expr *> args);
  FailureOr<TValue> callAtomicAdd(const CallExpr &call,
                                  llvm::ArrayRef<const Expr *> args);
  /// pow(x, y), fma(a, b, c) and clamp(x, min, max): elementwise over
  /// broadcast operands of one element type.
  FailureOr<TValue> callElementwise(const CallExpr &call,
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
  /// A reduction along `axisExpr`, or of every element to a scalar when
  /// it is null or `None` (a 1-D tile reduced along axis 0 is a scalar too).
  FailureOr<TValue> reduce(tile::ReduceKind kind, const TValue &value,
                           const Expr *axisExpr, SMLoc loc);
  Value reduceAxis(tile::ReduceKind kind, Value src, int64_t axis,
                   mlir::Location loc);
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
  /// `target = value` (tile.store, tile.store_scalar), or with `atomic`
  /// atomic_add(target, value) (tile.atomic_add).
  LogicalResult lowerStore(const SubscriptExpr &target, const TValue &value,
                           SMLoc loc, bool atomic = false);

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

} // namespace tessera::frontend::irgen

#endif // TESSERA_LIB_FRONTEND_KERNELGEN_H
