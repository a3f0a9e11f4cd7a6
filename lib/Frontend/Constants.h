//===- Constants.h - Compile-time values of the tile language ---*- C++ -*-===//
//
// Part of Tessera. `const` declarations, `-D` overrides, and the folding of
// constant expressions (with overflow checks) shared by the grid, the shapes
// and IR generation.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_LIB_FRONTEND_CONSTANTS_H
#define TESSERA_LIB_FRONTEND_CONSTANTS_H

#include "AST.h"

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/MapVector.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tessera::frontend {

class Diagnostics;

/// A compile-time value: an integer, a float or a bool.
struct ConstValue {
  enum class Kind { Int, Float, Bool, Type };

  static ConstValue getInt(int64_t value) {
    return {Kind::Int, value, 0, false};
  }
  static ConstValue getFloat(double value) {
    return {Kind::Float, 0, value, false};
  }
  static ConstValue getBool(bool value) { return {Kind::Bool, 0, 0, value}; }
  /// An element type (`const DTYPE = f16`), by its name in the language.
  static ConstValue getType(llvm::StringRef name) {
    return {Kind::Type, 0, 0, false, name.str()};
  }

  bool isInt() const { return kind == Kind::Int; }
  bool isFloat() const { return kind == Kind::Float; }
  bool isBool() const { return kind == Kind::Bool; }
  bool isType() const { return kind == Kind::Type; }
  /// The value as a double (ints and bools convert).
  double toDouble() const;
  /// The value as written in the language ("128", "0.5", "true").
  std::string str() const;
  /// "an integer", "a float" or "a bool".
  llvm::StringRef describeKind() const;

  Kind kind;
  int64_t intValue;
  double floatValue;
  bool boolValue;
  std::string typeName = {};
};

/// The file's constants with their final values, in declaration order.
struct ConstantTable {
  struct Entry {
    ConstValue value;
    llvm::SMLoc loc;
  };
  llvm::MapVector<llvm::StringRef, Entry> entries;

  const Entry *lookup(llvm::StringRef name) const {
    auto it = entries.find(name);
    return it == entries.end() ? nullptr : &it->second;
  }
};

/// Returns the value of a predefined name (`inf`, `nan`, `True`, `false`...).
std::optional<ConstValue> lookupPredefinedConstant(llvm::StringRef name);

/// Returns true if `name` is an element type (`f16`, `bf16`, `f32`, `i32`,
/// `i1`, `bool`).
bool isTypeName(llvm::StringRef name);

/// Folds `-x`, `+x` and `not x`.
mlir::FailureOr<ConstValue> foldUnary(UnaryOp op, const ConstValue &operand,
                                      llvm::SMLoc loc, Diagnostics &diags);

/// Folds `lhs op rhs`; reports integer overflow, division by zero and operand
/// kinds the operator does not take.
mlir::FailureOr<ConstValue> foldBinary(BinaryOp op, const ConstValue &lhs,
                                       const ConstValue &rhs, llvm::SMLoc loc,
                                       Diagnostics &diags);

/// Folds `cdiv(a, b)`, `min(a, b)` and `max(a, b)` of constants.
mlir::FailureOr<ConstValue> foldBuiltin(llvm::StringRef name,
                                        const ConstValue &lhs,
                                        const ConstValue &rhs, llvm::SMLoc loc,
                                        Diagnostics &diags);

/// Evaluates a constant expression over literals, predefined names and the
/// constants in `table`.
mlir::FailureOr<ConstValue> evaluateConstant(const Expr &expr,
                                             const ConstantTable &table,
                                             Diagnostics &diags);

/// Evaluates the file's `const` declarations in order, applying the `-D`
/// overrides in `defines` (checked against the kind of each default).
mlir::LogicalResult
resolveConstants(const SourceFile &file,
                 llvm::ArrayRef<std::pair<std::string, std::string>> defines,
                 Diagnostics &diags, ConstantTable &table);

} // namespace tessera::frontend

#endif // TESSERA_LIB_FRONTEND_CONSTANTS_H
