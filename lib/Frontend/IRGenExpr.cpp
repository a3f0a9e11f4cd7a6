//===- IRGenExpr.cpp - Lowering of tile-language expressions --------------===//
//
// Part of Tessera. Evaluates expressions to TValues: names (locals,
// parameters, sizes, constants), unary and binary operators, with constant
// folding and the language's promotion and broadcasting rules. Calls and
// subscripts are dispatched to IRGenBuiltins.cpp and IRGenAccess.cpp.
//
//===----------------------------------------------------------------------===//

#include "KernelGen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace tessera::frontend;
using namespace tessera::frontend::irgen;

namespace arith = mlir::arith;
namespace math = mlir::math;

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
