//===- Constants.cpp - Compile-time values of the tile language -----------===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//

#include "Constants.h"

#include "Diagnostics.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
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

double ConstValue::toDouble() const {
  switch (kind) {
  case Kind::Int:
    return static_cast<double>(intValue);
  case Kind::Float:
    return floatValue;
  case Kind::Bool:
    return boolValue ? 1.0 : 0.0;
  case Kind::Type: // an element type has no value; callers check the kind
    break;
  }
  return 0.0;
}

std::string ConstValue::str() const {
  switch (kind) {
  case Kind::Int:
    return std::to_string(intValue);
  case Kind::Float: {
    if (std::isinf(floatValue))
      return floatValue < 0 ? "-inf" : "inf";
    std::string s;
    llvm::raw_string_ostream os(s);
    os << llvm::format("%g", floatValue);
    return s;
  }
  case Kind::Bool:
    return boolValue ? "true" : "false";
  case Kind::Type:
    return typeName;
  }
  return "";
}

StringRef ConstValue::describeKind() const {
  switch (kind) {
  case Kind::Int:
    return "an integer";
  case Kind::Float:
    return "a float";
  case Kind::Bool:
    return "a bool";
  case Kind::Type:
    return "an element type";
  }
  return "";
}

std::optional<ConstValue>
tessera::frontend::lookupPredefinedConstant(StringRef name) {
  return llvm::StringSwitch<std::optional<ConstValue>>(name)
      .Case("inf",
            ConstValue::getFloat(std::numeric_limits<double>::infinity()))
      .Case("nan",
            ConstValue::getFloat(std::numeric_limits<double>::quiet_NaN()))
      .Case("True", ConstValue::getBool(true))
      .Case("true", ConstValue::getBool(true))
      .Case("False", ConstValue::getBool(false))
      .Case("false", ConstValue::getBool(false))
      .Default(std::nullopt);
}

bool tessera::frontend::isTypeName(StringRef name) {
  return llvm::is_contained({"f16", "bf16", "f32", "i32", "i1", "bool"}, name);
}

FailureOr<ConstValue> tessera::frontend::foldUnary(UnaryOp op,
                                                   const ConstValue &operand,
                                                   SMLoc loc,
                                                   Diagnostics &diags) {
  if (operand.isType())
    return diags.error(loc, "an element type (" + operand.typeName +
                                ") is not a number");
  if (op == UnaryOp::Not) {
    if (!operand.isBool())
      return diags.error(loc,
                         "'not' expects a bool, got " + operand.describeKind());
    return ConstValue::getBool(!operand.boolValue);
  }
  if (operand.isBool())
    return diags.error(loc, "unary '-' and '+' expect a number, got a bool");
  if (op == UnaryOp::Plus)
    return operand;
  if (operand.isFloat())
    return ConstValue::getFloat(-operand.floatValue);
  if (operand.intValue == std::numeric_limits<int64_t>::min())
    return diags.error(loc, "integer overflow in constant expression");
  return ConstValue::getInt(-operand.intValue);
}

/// Folds a comparison of two numbers or two bools.
static ConstValue foldComparison(BinaryOp op, double lhs, double rhs) {
  switch (op) {
  case BinaryOp::Lt:
    return ConstValue::getBool(lhs < rhs);
  case BinaryOp::Le:
    return ConstValue::getBool(lhs <= rhs);
  case BinaryOp::Gt:
    return ConstValue::getBool(lhs > rhs);
  case BinaryOp::Ge:
    return ConstValue::getBool(lhs >= rhs);
  case BinaryOp::Eq:
    return ConstValue::getBool(lhs == rhs);
  default:
    return ConstValue::getBool(lhs != rhs);
  }
}

static FailureOr<ConstValue> foldBools(BinaryOp op, bool lhs, bool rhs,
                                       SMLoc loc, Diagnostics &diags) {
  switch (op) {
  case BinaryOp::And:
  case BinaryOp::BitAnd:
    return ConstValue::getBool(lhs && rhs);
  case BinaryOp::Or:
  case BinaryOp::BitOr:
    return ConstValue::getBool(lhs || rhs);
  case BinaryOp::Eq:
    return ConstValue::getBool(lhs == rhs);
  case BinaryOp::Ne:
    return ConstValue::getBool(lhs != rhs);
  default:
    return diags.error(loc, "operator '" + spellBinaryOp(op) +
                                "' does not take bools");
  }
}

static FailureOr<ConstValue> foldInts(BinaryOp op, int64_t lhs, int64_t rhs,
                                      SMLoc loc, Diagnostics &diags) {
  int64_t result = 0;
  bool overflow = false;
  switch (op) {
  case BinaryOp::Add:
    overflow = llvm::AddOverflow(lhs, rhs, result);
    break;
  case BinaryOp::Sub:
    overflow = llvm::SubOverflow(lhs, rhs, result);
    break;
  case BinaryOp::Mul:
    overflow = llvm::MulOverflow(lhs, rhs, result);
    break;
  case BinaryOp::Div:
  case BinaryOp::FloorDiv:
  case BinaryOp::Rem:
    if (rhs == 0)
      return diags.error(loc, "division by zero in constant expression");
    overflow = lhs == std::numeric_limits<int64_t>::min() && rhs == -1;
    if (overflow)
      break;
    result = op == BinaryOp::Rem ? lhs % rhs : lhs / rhs;
    // `//` rounds toward negative infinity: one less when the truncated
    // quotient was rounded up (a remainder and operands of opposite signs).
    if (op == BinaryOp::FloorDiv && lhs % rhs != 0 && (lhs < 0) != (rhs < 0))
      --result;
    break;
  case BinaryOp::BitAnd:
    result = lhs & rhs;
    break;
  case BinaryOp::BitOr:
    result = lhs | rhs;
    break;
  case BinaryOp::And:
  case BinaryOp::Or:
    return diags.error(loc, "'" + spellBinaryOp(op) +
                                "' expects bools, got integers");
  default:
    return foldComparison(op, static_cast<double>(lhs),
                          static_cast<double>(rhs));
  }
  if (overflow)
    return diags.error(loc, "integer overflow in constant expression");
  return ConstValue::getInt(result);
}

static FailureOr<ConstValue> foldFloats(BinaryOp op, double lhs, double rhs,
                                        SMLoc loc, Diagnostics &diags) {
  switch (op) {
  case BinaryOp::Add:
    return ConstValue::getFloat(lhs + rhs);
  case BinaryOp::Sub:
    return ConstValue::getFloat(lhs - rhs);
  case BinaryOp::Mul:
    return ConstValue::getFloat(lhs * rhs);
  case BinaryOp::Div:
    return ConstValue::getFloat(lhs / rhs);
  case BinaryOp::FloorDiv:
    return ConstValue::getFloat(std::floor(lhs / rhs));
  case BinaryOp::Rem:
    return ConstValue::getFloat(std::fmod(lhs, rhs));
  case BinaryOp::BitAnd:
  case BinaryOp::BitOr:
  case BinaryOp::And:
  case BinaryOp::Or:
    return diags.error(loc, "operator '" + spellBinaryOp(op) +
                                "' does not take floats");
  default:
    return foldComparison(op, lhs, rhs);
  }
}

FailureOr<ConstValue> tessera::frontend::foldBinary(BinaryOp op,
                                                    const ConstValue &lhs,
                                                    const ConstValue &rhs,
                                                    SMLoc loc,
                                                    Diagnostics &diags) {
  if (lhs.isType() || rhs.isType()) {
    // Element types compare (`if DTYPE == bf16:`), nothing else.
    if (lhs.isType() && rhs.isType() &&
        (op == BinaryOp::Eq || op == BinaryOp::Ne))
      return ConstValue::getBool((lhs.typeName == rhs.typeName) ==
                                 (op == BinaryOp::Eq));
    return diags.error(loc, "operator '" + spellBinaryOp(op) +
                                "' cannot take an element type (only == and "
                                "!= compare two of them)");
  }
  if (lhs.isBool() && rhs.isBool())
    return foldBools(op, lhs.boolValue, rhs.boolValue, loc, diags);
  if (lhs.isBool() || rhs.isBool())
    return diags.error(loc, "operator '" + spellBinaryOp(op) +
                                "' cannot mix a bool and a number");
  if (lhs.isInt() && rhs.isInt())
    return foldInts(op, lhs.intValue, rhs.intValue, loc, diags);
  return foldFloats(op, lhs.toDouble(), rhs.toDouble(), loc, diags);
}

FailureOr<ConstValue> tessera::frontend::foldBuiltin(StringRef name,
                                                     const ConstValue &lhs,
                                                     const ConstValue &rhs,
                                                     SMLoc loc,
                                                     Diagnostics &diags) {
  if (lhs.isBool() || rhs.isBool())
    return diags.error(loc, "'" + name + "' expects numbers, got a bool");
  if (lhs.isType() || rhs.isType())
    return diags.error(loc, "'" + name + "' expects numbers, got an element "
                                         "type");
  if (name == "cdiv") {
    if (!lhs.isInt() || !rhs.isInt())
      return diags.error(loc, "'cdiv' expects integers");
    if (rhs.intValue <= 0)
      return diags.error(loc,
                         "'cdiv' expects a positive divisor, got " + rhs.str());
    int64_t quotient = lhs.intValue / rhs.intValue;
    return ConstValue::getInt(quotient + (lhs.intValue % rhs.intValue > 0));
  }
  bool takeLhs = name == "min" ? lhs.toDouble() <= rhs.toDouble()
                               : lhs.toDouble() >= rhs.toDouble();
  if (lhs.isInt() && rhs.isInt())
    return takeLhs ? lhs : rhs;
  return ConstValue::getFloat(takeLhs ? lhs.toDouble() : rhs.toDouble());
}

FailureOr<ConstValue> tessera::frontend::evaluateConstant(
    const Expr &expr, const ConstantTable &table, Diagnostics &diags) {
  if (auto *integer = dyn_cast<IntExpr>(&expr))
    return ConstValue::getInt(integer->getValue());
  if (auto *number = dyn_cast<FloatExpr>(&expr))
    return ConstValue::getFloat(number->getValue());
  if (auto *name = dyn_cast<NameExpr>(&expr)) {
    if (const ConstantTable::Entry *entry = table.lookup(name->getName()))
      return entry->value;
    if (std::optional<ConstValue> value =
            lookupPredefinedConstant(name->getName()))
      return *value;
    if (isTypeName(name->getName()))
      return ConstValue::getType(name->getName());
    return diags.error(expr.getLoc(), "'" + name->getName() +
                                          "' is not a compile-time constant");
  }
  if (auto *unary = dyn_cast<UnaryExpr>(&expr)) {
    FailureOr<ConstValue> operand =
        evaluateConstant(unary->getOperand(), table, diags);
    if (failed(operand))
      return failure();
    return foldUnary(unary->getOp(), *operand, expr.getLoc(), diags);
  }
  if (auto *binary = dyn_cast<BinaryExpr>(&expr)) {
    FailureOr<ConstValue> lhs =
        evaluateConstant(binary->getLhs(), table, diags);
    if (failed(lhs))
      return failure();
    FailureOr<ConstValue> rhs =
        evaluateConstant(binary->getRhs(), table, diags);
    if (failed(rhs))
      return failure();
    return foldBinary(binary->getOp(), *lhs, *rhs, expr.getLoc(), diags);
  }
  auto *call = dyn_cast<CallExpr>(&expr);
  if (call && !call->getReceiver() && call->getKwargs().empty() &&
      call->getArgs().size() == 2 &&
      llvm::is_contained({"cdiv", "min", "max"}, call->getCallee())) {
    FailureOr<ConstValue> lhs =
        evaluateConstant(*call->getArgs()[0], table, diags);
    if (failed(lhs))
      return failure();
    FailureOr<ConstValue> rhs =
        evaluateConstant(*call->getArgs()[1], table, diags);
    if (failed(rhs))
      return failure();
    return foldBuiltin(call->getCallee(), *lhs, *rhs, expr.getLoc(), diags);
  }
  return diags.error(expr.getLoc(), "expected a compile-time constant "
                                    "expression");
}

/// Parses the text of `-D NAME=text` as a value of the same kind as the
/// default of the constant.
static std::optional<ConstValue> parseDefineValue(StringRef text,
                                                  ConstValue::Kind kind) {
  text = text.trim();
  switch (kind) {
  case ConstValue::Kind::Bool:
    if (text == "true" || text == "True" || text == "1")
      return ConstValue::getBool(true);
    if (text == "false" || text == "False" || text == "0")
      return ConstValue::getBool(false);
    return std::nullopt;
  case ConstValue::Kind::Int: {
    int64_t value;
    if (text.getAsInteger(10, value))
      return std::nullopt;
    return ConstValue::getInt(value);
  }
  case ConstValue::Kind::Float: {
    bool negative = text.consume_front("-");
    double value;
    if (text == "inf")
      value = std::numeric_limits<double>::infinity();
    else if (text.empty() || text.starts_with("-") ||
             text.getAsDouble(value, /*AllowInexact=*/true))
      return std::nullopt;
    return ConstValue::getFloat(negative ? -value : value);
  }
  case ConstValue::Kind::Type:
    if (!isTypeName(text))
      return std::nullopt;
    return ConstValue::getType(text);
  }
  return std::nullopt;
}

LogicalResult tessera::frontend::resolveConstants(
    const SourceFile &file,
    llvm::ArrayRef<std::pair<std::string, std::string>> defines,
    Diagnostics &diags, ConstantTable &table) {
  llvm::StringMap<StringRef> overrides;
  for (const auto &define : defines) {
    const std::string &name = define.first, &value = define.second;
    bool declared = llvm::any_of(file.constants, [&](const ConstDecl &decl) {
      return decl.name == name;
    });
    if (!declared) {
      std::string known = llvm::join(
          llvm::map_range(file.constants,
                          [](const ConstDecl &decl) { return decl.name; }),
          ", ");
      return diags.error(
          "-D " + name + "=" + value + ": unknown constant '" + name + "'" +
          (known.empty() ? " (the file declares no constants)"
                         : " (the file declares " + known + ")"));
    }
    overrides[name] = value;
  }
  for (const ConstDecl &decl : file.constants) {
    if (isTypeName(decl.name) || lookupPredefinedConstant(decl.name))
      return diags.error(decl.loc, "'" + decl.name + "' is a reserved name");
    if (const ConstantTable::Entry *previous = table.lookup(decl.name)) {
      (void)diags.error(decl.loc,
                        "constant '" + decl.name + "' is declared twice");
      diags.note(previous->loc, "first declared here");
      return failure();
    }
    FailureOr<ConstValue> value = evaluateConstant(*decl.value, table, diags);
    if (failed(value))
      return failure();
    auto override = overrides.find(decl.name);
    if (override != overrides.end()) {
      std::optional<ConstValue> parsed =
          parseDefineValue(override->second, value->kind);
      if (!parsed) {
        (void)diags.error("-D " + decl.name + "=" + override->second +
                          ": expected " + value->describeKind() +
                          " for constant '" + decl.name + "'");
        diags.note(decl.loc, "'" + decl.name + "' is declared here with " +
                                 value->describeKind() + " default (" +
                                 value->str() + ")");
        return failure();
      }
      value = *parsed;
    }
    table.entries[decl.name] = {*value, decl.loc};
  }
  return success();
}
