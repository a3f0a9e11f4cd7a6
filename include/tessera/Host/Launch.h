//===- Launch.h - Binding a kernel's sizes from its arguments ---*- C++ -*-===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// What the runtime (checking arguments against a manifest) and the
/// interpreter (against a kernel's signature) share before a launch: each
/// tensor parameter declares its shape as fixed sizes and symbolic names
/// (`f16[BH, N, 64]`); the sizes of the arguments must match the fixed
/// dimensions and give every name one value, and those values are what the
/// grid expressions (GridExpr) are evaluated on. `SizeBinder` does the
/// checking and binding and reports a mismatch as data, so that each caller
/// words it in its own terms (argument names, indices, types).
///
//===----------------------------------------------------------------------===//

#ifndef TESSERA_HOST_LAUNCH_H
#define TESSERA_HOST_LAUNCH_H

#include "tessera/Host/GridExpr.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tessera::host {

/// One dimension of a tensor parameter's shape: a symbolic size name, or a
/// fixed integer.
struct ShapeDim {
  std::string symbol; ///< Empty for a fixed dimension.
  int64_t fixed = 0;  ///< The size when `symbol` is empty.

  static ShapeDim ofSymbol(std::string name) { return {std::move(name), 0}; }
  static ShapeDim ofFixed(int64_t size) { return {"", size}; }

  bool isSymbolic() const { return !symbol.empty(); }
  /// The name, or the fixed size as text.
  std::string str() const;
};

/// Binds the symbolic sizes of a kernel's tensor arguments, one argument at
/// a time, in argument order.
class SizeBinder {
public:
  /// Why the sizes of an argument do not fit its declared shape.
  struct Mismatch {
    size_t dim = 0;     ///< The dimension of the argument.
    int64_t actual = 0; ///< The argument's size there.
    /// A fixed dimension: its declared size. A symbolic one: the value the
    /// symbol was bound to before.
    int64_t expected = 0;
    /// The symbolic dimension's name; empty for a fixed dimension.
    std::string symbol;
    /// A symbolic dimension: the argument that bound the symbol first.
    size_t boundBy = 0;

    bool isFixed() const { return symbol.empty(); }
  };

  /// Checks the sizes of argument `arg` (one per dimension of `shape`,
  /// which the caller has checked) against `shape`: fixed dimensions must
  /// match, a symbol seen before must have the same value, a new one is
  /// bound. Returns the first mismatch; the bindings made before it stay.
  std::optional<Mismatch> bind(size_t arg, const std::vector<ShapeDim> &shape,
                               const int64_t *sizes);

  /// The sizes bound so far.
  const SymbolTable &sizes() const { return sizes_; }
  /// The value of `name`, or std::nullopt when no argument bound it.
  std::optional<int64_t> lookup(std::string_view name) const;

private:
  SymbolTable sizes_;
  std::map<std::string, size_t, std::less<>> boundBy_;
};

} // namespace tessera::host

#endif // TESSERA_HOST_LAUNCH_H
