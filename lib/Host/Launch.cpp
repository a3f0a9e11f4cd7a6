//===- Launch.cpp - Binding a kernel's sizes from its arguments -----------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//

#include "tessera/Host/Launch.h"

namespace tessera::host {

std::string ShapeDim::str() const {
  return isSymbolic() ? symbol : std::to_string(fixed);
}

std::optional<SizeBinder::Mismatch>
SizeBinder::bind(size_t arg, const std::vector<ShapeDim> &shape,
                 const int64_t *sizes) {
  for (size_t d = 0; d < shape.size(); ++d) {
    const ShapeDim &dim = shape[d];
    int64_t actual = sizes[d];
    if (!dim.isSymbolic()) {
      if (actual != dim.fixed)
        return Mismatch{d, actual, dim.fixed, "", 0};
      continue;
    }
    auto [it, inserted] = sizes_.emplace(dim.symbol, actual);
    if (inserted) {
      boundBy_.emplace(dim.symbol, arg);
      continue;
    }
    if (it->second != actual)
      return Mismatch{d, actual, it->second, dim.symbol,
                      boundBy_.find(dim.symbol)->second};
  }
  return std::nullopt;
}

std::optional<int64_t> SizeBinder::lookup(std::string_view name) const {
  auto it = sizes_.find(name);
  if (it == sizes_.end())
    return std::nullopt;
  return it->second;
}

} // namespace tessera::host
