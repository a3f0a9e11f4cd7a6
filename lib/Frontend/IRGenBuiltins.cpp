//===- IRGenBuiltins.cpp - Lowering of builtin function calls -------------===//
//
// Part of Tessera. The builtin functions and methods of the tile language:
// binding positional and keyword arguments to a builtin's signature, then
// grid queries, cdiv, min/max, reductions, math functions, dot, trans,
// where, arange/iota, full/zeros, casts and online_softmax. Tensor.narrow is
// element access (IRGenAccess.cpp).
//
//===----------------------------------------------------------------------===//

#include "KernelGen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/StringSwitch.h"

#include <cmath>
#include <limits>

using namespace tessera::frontend;
using namespace tessera::frontend::irgen;

namespace tile = tessera::tile;
namespace arith = mlir::arith;
namespace math = mlir::math;

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
      {"sum", {{"x", "axis"}, 1}, &KernelGen::callReduce},
      {"argmax", {{"x", "axis"}, 1}, &KernelGen::callReduce},
      {"argmin", {{"x", "axis"}, 1}, &KernelGen::callReduce},
      {"cumsum", {{"x", "axis"}, 1}, &KernelGen::callCumsum},
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
      {"sin", {{"x"}, 1}, &KernelGen::callMath},
      {"cos", {{"x"}, 1}, &KernelGen::callMath},
      {"erf", {{"x"}, 1}, &KernelGen::callMath},
      {"pow", {{"x", "y"}, 2}, &KernelGen::callElementwise},
      {"fma", {{"a", "b", "c"}, 3}, &KernelGen::callElementwise},
      {"clamp", {{"x", "min", "max"}, 3}, &KernelGen::callElementwise},
      {"atomic_add", {{"target", "value"}, 2}, &KernelGen::callAtomicAdd},
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
  // names); max / min of one tile reduce it, along 'axis=' or (without it)
  // to a scalar.
  StringRef callee = call.getCallee();
  bool isMax = callee == "max" || callee == "maximum";
  StringRef foldName = isMax ? "max" : "min";
  bool reduction = args.size() > 2 && !args[1];
  if (reduction) {
    FailureOr<TValue> x = eval(*args[0]);
    if (failed(x))
      return failure();
    if (args[2] || x->isTile())
      return reduce(isMax ? tile::ReduceKind::Max : tile::ReduceKind::Min, *x,
                    args[2], call.getLoc());
  }
  if (!args[1] || (args.size() > 2 && args[2]))
    return diags.error(call.getLoc(),
                       "'" + call.getCallee() +
                           "' takes two values (elementwise) or one tile and "
                           "an optional 'axis=' (a reduction)");
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

FailureOr<TValue> KernelGen::callReduce(const CallExpr &call,
                                        llvm::ArrayRef<const Expr *> args) {
  FailureOr<TValue> x = eval(*args[0]);
  if (failed(x))
    return failure();
  // sum, argmax, argmin: the builtin is named as the kind.
  std::optional<tile::ReduceKind> kind =
      tile::symbolizeReduceKind(call.getCallee());
  assert(kind && "a reduction builtin names its kind");
  return reduce(*kind, *x, args[1], call.getLoc());
}

FailureOr<TValue> KernelGen::callCumsum(const CallExpr &call,
                                        llvm::ArrayRef<const Expr *> args) {
  FailureOr<TValue> x = eval(*args[0]);
  if (failed(x))
    return failure();
  FailureOr<Value> src = asTile(*x, call.getLoc(), "'cumsum'");
  if (failed(src))
    return failure();
  auto type = cast<mlir::RankedTensorType>(src->getType());
  if (isBoolType(type.getElementType()))
    return diags.error(call.getLoc(), "'cumsum' of a tile of bools: convert "
                                      "it with .to(i32) first");
  // Triton's default axis is 0.
  int64_t axis = 0, rank = type.getRank();
  if (args[1] && !isa<NoneExpr>(*args[1])) {
    FailureOr<int64_t> given = evalConstInt(*args[1], "'axis'");
    if (failed(given))
      return failure();
    if (*given < -rank || *given >= rank)
      return diags.error(args[1]->getLoc(), "axis " + llvm::Twine(*given) +
                                                " is out of range for " +
                                                typeStr(type));
    axis = *given < 0 ? *given + rank : *given;
  }
  return TValue::ofRuntime(tile::ScanOp::create(
      builder, getLoc(call.getLoc()), type, *src,
      builder.getI32IntegerAttr(static_cast<int32_t>(axis))));
}

Value KernelGen::reduceAxis(tile::ReduceKind kind, Value src, int64_t axis,
                            mlir::Location loc) {
  auto type = cast<mlir::RankedTensorType>(src.getType());
  llvm::SmallVector<int64_t> shape(type.getShape());
  shape.erase(shape.begin() + axis);
  auto result = mlir::RankedTensorType::get(
      shape, tile::isArgReduction(kind) ? builder.getI32Type()
                                        : type.getElementType());
  return tile::ReduceOp::create(
      builder, loc, result, tile::ReduceKindAttr::get(ctx, kind), src,
      builder.getI32IntegerAttr(static_cast<int32_t>(axis)));
}

FailureOr<TValue> KernelGen::reduce(tile::ReduceKind kind, const TValue &value,
                                    const Expr *axisExpr, SMLoc loc) {
  FailureOr<Value> src = asTile(value, loc, "a reduction");
  if (failed(src))
    return failure();
  auto type = cast<mlir::RankedTensorType>(src->getType());
  if (isBoolType(type.getElementType()))
    return diags.error(loc, "cannot reduce a tile of bools");
  int64_t rank = type.getRank();
  std::optional<int64_t> axis;
  if (axisExpr && !isa<NoneExpr>(*axisExpr)) {
    FailureOr<int64_t> given = evalConstInt(*axisExpr, "'axis'");
    if (failed(given))
      return failure();
    if (*given < -rank || *given >= rank)
      return diags.error(axisExpr->getLoc(), "axis " + llvm::Twine(*given) +
                                                 " is out of range for " +
                                                 typeStr(type));
    axis = *given < 0 ? *given + rank : *given;
  }
  mlir::Location location = getLoc(loc);
  if (axis && rank > 1)
    return TValue::ofRuntime(reduceAxis(kind, *src, *axis, location));
  if (tile::isArgReduction(kind) && rank > 1)
    return diags.error(loc, "'" + tile::stringifyReduceKind(kind) +
                                "' of a " + llvm::Twine(rank) + "-D tile (" +
                                typeStr(type) +
                                ") needs 'axis=': its indices run along one "
                                "dimension (a 1-D tile gives a scalar index)");
  // To a scalar: the trailing dimensions first, then the 1-D tile [n] as
  // the column [n, 1] reduced along its rows to one element.
  Value tile = *src;
  for (int64_t d = rank - 1; d >= 1; --d)
    tile = reduceAxis(kind, tile, d, location);
  auto vector = cast<mlir::RankedTensorType>(tile.getType());
  Value column = tile::ExpandDimsOp::create(
      builder, location,
      mlir::RankedTensorType::get({vector.getDimSize(0), 1},
                                  vector.getElementType()),
      tile, builder.getI32IntegerAttr(1));
  Value one = reduceAxis(kind, column, 0, location);
  return TValue::ofRuntime(tile::ToScalarOp::create(
      builder, location, mlir::getElementTypeOrSelf(one.getType()), one));
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
                   .Case("sin", std::sin(d))
                   .Case("cos", std::cos(d))
                   .Case("erf", std::erf(d))
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
          .Case("sin", [&] { return math::SinOp::create(builder, loc, v); })
          .Case("cos", [&] { return math::CosOp::create(builder, loc, v); })
          .Case("erf", [&] { return math::ErfOp::create(builder, loc, v); })
          .Default([&] { return math::AbsFOp::create(builder, loc, v); })();
  return TValue::ofRuntime(result);
}

FailureOr<TValue> KernelGen::callAtomicAdd(const CallExpr &call,
                                           llvm::ArrayRef<const Expr *> args) {
  const auto *target = dyn_cast<SubscriptExpr>(args[0]);
  if (!target)
    return diags.error(args[0]->getLoc(),
                       "'atomic_add' adds to a slice or an element of an "
                       "'inout' tensor: atomic_add(T[i, a : a + 64], value)");
  FailureOr<TValue> value = eval(*args[1]);
  if (failed(value) ||
      failed(lowerStore(*target, *value, args[1]->getLoc(), /*atomic=*/true)))
    return failure();
  return TValue::ofTuple({}); // No value (Triton's old values: not kept).
}

FailureOr<TValue>
KernelGen::callElementwise(const CallExpr &call,
                           llvm::ArrayRef<const Expr *> args) {
  StringRef name = call.getCallee();
  SMLoc loc = call.getLoc();
  std::string what = ("'" + name + "'").str();
  bool isClamp = name == "clamp";
  llvm::SmallVector<TValue, 3> values;
  for (const Expr *arg : args) {
    FailureOr<TValue> value = eval(*arg);
    if (failed(value) || failed(checkOperand(*value, arg->getLoc())))
      return failure();
    if (value->isConstant() && value->constant.isBool())
      return diags.error(arg->getLoc(), what + " expects numbers, got a bool");
    values.push_back(*value);
  }
  // clamp's bounds, when both are constants, must be ordered (Triton leaves
  // min > max undefined; here it is an error, never a silent answer).
  if (isClamp && values[1].isConstant() && values[2].isConstant() &&
      values[1].constant.toDouble() > values[2].constant.toDouble())
    return diags.error(loc, "'clamp' expects min <= max, got min " +
                                values[1].constant.str() + " and max " +
                                values[2].constant.str());
  if (llvm::all_of(values, [](const TValue &v) { return v.isConstant(); })) {
    const ConstValue &a = values[0].constant, &b = values[1].constant;
    if (isClamp) {
      FailureOr<ConstValue> low = foldBuiltin("max", a, b, loc, diags);
      if (failed(low))
        return failure();
      FailureOr<ConstValue> clamped =
          foldBuiltin("min", *low, values[2].constant, loc, diags);
      if (failed(clamped))
        return failure();
      return TValue::ofConstant(*clamped);
    }
    double r = name == "pow" ? std::pow(a.toDouble(), b.toDouble())
                             : std::fma(a.toDouble(), b.toDouble(),
                                        values[2].constant.toDouble());
    return TValue::ofConstant(ConstValue::getFloat(r));
  }
  llvm::SmallVector<const TValue *, 3> operands;
  for (const TValue &value : values)
    operands.push_back(&value);
  FailureOr<Type> type = commonElementType(operands, loc, what);
  if (failed(type))
    return failure();
  if (isBoolType(*type))
    return diags.error(loc, what + " expects numbers, got bools");
  if (!isClamp && !isa<mlir::FloatType>(*type))
    return diags.error(loc, what + " expects float operands, got " +
                                typeStr(*type) + "; convert with .to(f32)");
  FailureOr<llvm::SmallVector<int64_t>> shape =
      commonShape(operands, loc, what);
  if (failed(shape))
    return failure();
  llvm::SmallVector<Value, 3> v;
  for (auto [value, arg] : llvm::zip(values, args)) {
    FailureOr<Value> coerced = coerce(value, *type, *shape, arg->getLoc());
    if (failed(coerced))
      return failure();
    v.push_back(*coerced);
  }
  mlir::Location location = getLoc(loc);
  if (name == "pow")
    return TValue::ofRuntime(math::PowFOp::create(builder, location, v[0], v[1]));
  if (name == "fma")
    return TValue::ofRuntime(
        math::FmaOp::create(builder, location, v[0], v[1], v[2]));
  // clamp(x, min, max) = minimum(maximum(x, min), max): NaN-propagating on
  // floats, like maximum and minimum.
  if (isa<mlir::FloatType>(*type))
    return TValue::ofRuntime(arith::MinimumFOp::create(
        builder, location,
        arith::MaximumFOp::create(builder, location, v[0], v[1]), v[2]));
  return TValue::ofRuntime(arith::MinSIOp::create(
      builder, location, arith::MaxSIOp::create(builder, location, v[0], v[1]),
      v[2]));
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
