//===- GridExpr.h - Grid-size expressions -----------------------*- C++ -*-===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// A kernel's grid gives each dimension as an integer expression over the
/// symbolic sizes of its tensor arguments. A manifest spells it as text
/// (docs/manifest.md, "Grid expressions"):
///
///   expr    := term (('+' | '-') term)*
///   term    := unary (('*' | '/' | '%') unary)*
///   unary   := '-' unary | primary
///   primary := INTEGER | NAME | NAME '(' expr ',' expr ')' | '(' expr ')'
///
/// where the functions are `cdiv` (ceiling division), `min` and `max`; `/` is
/// floor division and `%` the matching (non-negative for b > 0) remainder.
/// Evaluation is in int64 with overflow and division-by-zero checks. The
/// interpreter builds the same expressions from the kernel's `tile.grid`
/// (GridExpr::binary), so both evaluate a grid alike.
///
/// Manifests are untrusted input: an expression is at most
/// kMaxGridExprLength bytes, and both its nesting (parentheses, calls, unary
/// minus) and the depth of its tree (e.g. a chain of `+`) are at most
/// kMaxGridExprDepth, so parsing, evaluating and destroying it use bounded
/// stack.
///
//===----------------------------------------------------------------------===//

#ifndef TESSERA_HOST_GRIDEXPR_H
#define TESSERA_HOST_GRIDEXPR_H

#include "tessera/Host/Status.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::host {

/// The longest grid expression accepted, in bytes.
constexpr size_t kMaxGridExprLength = 4096;
/// The deepest nesting / expression tree accepted.
constexpr size_t kMaxGridExprDepth = 256;

/// Values of the symbolic sizes (and constants) an expression may name.
using SymbolTable = std::map<std::string, int64_t, std::less<>>;

/// A parsed grid expression.
class GridExpr {
public:
  /// Parses `text`. Errors say where: "column 8: expected ')' after ...";
  /// too long or too deep an expression is an error too ("expression nested
  /// deeper than 256 levels").
  static Expected<GridExpr> parse(std::string_view text);

  /// The operators of the grammar, for building expressions without text.
  enum class BinaryOp { Add, Sub, Mul, Div, Mod, CDiv, Min, Max };
  /// An integer literal (which may be negative).
  static GridExpr integer(int64_t value);
  /// A size (or constant) called `name`.
  static GridExpr name(std::string name);
  /// `lhs op rhs`; an error when the tree would be deeper than
  /// kMaxGridExprDepth. The text is the grammar's, fully parenthesised.
  static Expected<GridExpr> binary(BinaryOp op, const GridExpr &lhs,
                                   const GridExpr &rhs);

  /// Evaluates the expression with the names bound in `symbols`.
  Expected<int64_t> evaluate(const SymbolTable &symbols) const;

  /// The names the expression refers to (sorted, without duplicates,
  /// function names excluded).
  std::vector<std::string> names() const;

  /// The source text.
  const std::string &text() const { return text_; }

  struct Node;

private:
  std::shared_ptr<const Node> root_;
  std::string text_;
};

/// Floor division (rounds toward negative infinity); `b` must not be 0.
int64_t floorDiv(int64_t a, int64_t b);
/// Ceiling division (rounds toward positive infinity); `b` must not be 0.
int64_t ceilDiv(int64_t a, int64_t b);

} // namespace tessera::host

#endif // TESSERA_HOST_GRIDEXPR_H
