//===- IRGenTypes.cpp - Tile types, constants and coercions ---------------===//
//
// Part of Tessera. The type side of lowering: spelling and checking tile
// types, materializing compile-time constants, broadcasting and coercing
// operands to a common element type and shape, and casts.
//
//===----------------------------------------------------------------------===//

#include "KernelGen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/StringSwitch.h"

#include <cmath>
#include <limits>

using namespace tessera::frontend;
using namespace tessera::frontend::irgen;

namespace tile = tessera::tile;
namespace arith = mlir::arith;

//===----------------------------------------------------------------------===//
// Spelling types
//===----------------------------------------------------------------------===//

Type tessera::frontend::irgen::elementTypeOf(Value value) {
  return mlir::getElementTypeOrSelf(value.getType());
}

std::string tessera::frontend::irgen::shapeStr(llvm::ArrayRef<int64_t> shape) {
  std::string s = "[";
  llvm::raw_string_ostream os(s);
  llvm::interleaveComma(shape, os);
  os << "]";
  return s;
}

/// Spells a type as the language does: `f32` or `f32[128, 64]`.
std::string tessera::frontend::irgen::typeStr(Type type) {
  std::string s;
  llvm::raw_string_ostream os(s);
  if (auto tensor = dyn_cast<mlir::RankedTensorType>(type)) {
    os << tensor.getElementType() << shapeStr(tensor.getShape());
    return s;
  }
  os << type;
  return s;
}

std::optional<Type>
tessera::frontend::irgen::parseElementType(mlir::MLIRContext *ctx,
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

bool tessera::frontend::irgen::isBoolType(Type type) {
  return type.isInteger(1);
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
// Casts
//===----------------------------------------------------------------------===//

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
