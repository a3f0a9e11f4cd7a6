//===- RtValue.h - Values of the interpreted program ------------*- C++ -*-===//
//
// Part of Tessera. Private to lib/Interpreter. Every SSA value of an
// interpreted kernel is an `RtValue`: a scalar (stored inline), a tile (a
// flat, row-major, shared and immutable array of elements) or a view of a
// host tensor. Also the small questions about types that every part of the
// interpreter asks (supported? float dtype? integer width?).
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_LIB_INTERPRETER_RTVALUE_H
#define TESSERA_LIB_INTERPRETER_RTVALUE_H

#include "tessera/Interpreter/Tensor.h"

#include "Tile/IR/TileDialect.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cmath>
#include <cstdint>
#include <memory>
#include <vector>

namespace tessera::interp {

using llvm::ArrayRef;
using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;
using llvm::MutableArrayRef;
using llvm::SmallVector;
using mlir::FloatType;
using mlir::getElementTypeOrSelf;
using mlir::RankedTensorType;
using mlir::Type;

/// One element of a scalar or tile. Float types use `f` (every f16, bf16 and
/// f32 value is exact in a double), integer and index types use `i`, stored
/// sign-extended from their width (an i1 `true` is -1).
union Element {
  double f;
  int64_t i;
};

inline Element fromFloat(double value) {
  Element e;
  e.f = value;
  return e;
}

inline Element fromInt(int64_t value) {
  Element e;
  e.i = value;
  return e;
}

/// A view of a tensor argument: the whole tensor, or a part narrowed along
/// some dimensions (tile.narrow): elements start `offset` elements into the
/// tensor's storage, with the tensor's strides and `sizes` of their own.
struct ViewRef {
  Tensor *tensor = nullptr;
  int64_t offset = 0;
  SmallVector<int64_t, 4> sizes;

  static ViewRef whole(Tensor *tensor) {
    return {tensor, 0, SmallVector<int64_t, 4>(tensor->getShape())};
  }
  ArrayRef<int64_t> strides() const { return tensor->getStrides(); }
};

/// A value of the interpreted program: a scalar, a tile or a view. Tiles are
/// immutable once computed, so copies share their elements.
class RtValue {
public:
  RtValue() = default;

  /// A new scalar or tile of `type` with unspecified elements.
  static RtValue alloc(Type type) {
    RtValue value;
    value.type = type;
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      value.data =
          std::make_shared<std::vector<Element>>(tensor.getNumElements());
    return value;
  }
  static RtValue scalar(Type type, Element element) {
    RtValue value;
    value.type = type;
    value.inlineScalar = element;
    return value;
  }
  static RtValue ofView(Type type, ViewRef view) {
    RtValue value;
    value.type = type;
    value.view = std::make_shared<ViewRef>(std::move(view));
    return value;
  }
  /// The same elements seen with another type of the same number of elements.
  RtValue withType(Type newType) const {
    RtValue value = *this;
    value.type = newType;
    return value;
  }

  Type getType() const { return type; }
  Type getElementType() const { return getElementTypeOrSelf(type); }
  ArrayRef<int64_t> getShape() const {
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      return tensor.getShape();
    return {};
  }
  ArrayRef<Element> elements() const {
    if (data)
      return *data;
    return ArrayRef<Element>(&inlineScalar, 1);
  }
  /// Only for a value just created by `alloc`, before anyone else sees it.
  MutableArrayRef<Element> mutableElements() {
    if (data)
      return *data;
    return MutableArrayRef<Element>(&inlineScalar, 1);
  }
  Element getScalar() const { return inlineScalar; }
  const ViewRef &getView() const { return *view; }

private:
  Type type;
  Element inlineScalar = fromInt(0);
  std::shared_ptr<std::vector<Element>> data;
  std::shared_ptr<ViewRef> view;
};

/// Returns true if the interpreter can hold values of `type`.
inline bool isSupportedElementType(Type type) {
  return type.isIndex() || getDTypeOf(type).has_value();
}

inline bool isSupportedType(Type type) {
  if (isa<tile::ViewType>(type))
    return true;
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.hasStaticShape() &&
           isSupportedElementType(tensor.getElementType());
  return isSupportedElementType(type);
}

/// The float dtype of a float (element) type.
inline DType floatDType(Type type) {
  return *getDTypeOf(getElementTypeOrSelf(type));
}

/// The bit width of an integer or index (element) type.
inline unsigned intWidth(Type type) {
  Type element = getElementTypeOrSelf(type);
  return element.isIndex() ? 64 : element.getIntOrFloatBitWidth();
}

/// The value of `v`, a signed integer of `width` bits, read as unsigned.
inline uint64_t toUnsigned(int64_t v, unsigned width) {
  if (width >= 64)
    return static_cast<uint64_t>(v);
  return static_cast<uint64_t>(v) & ((uint64_t(1) << width) - 1);
}

/// The unsigned counterpart of `floatToSigned`, returned sign-extended.
inline int64_t floatToUnsigned(double value, unsigned width) {
  if (std::isnan(value) || value <= 0.0)
    return 0;
  double bound = std::ldexp(1.0, static_cast<int>(width));
  uint64_t result =
      value >= bound ? ~uint64_t(0) : static_cast<uint64_t>(value);
  return wrapToWidth(static_cast<int64_t>(result), width);
}

} // namespace tessera::interp

#endif // TESSERA_LIB_INTERPRETER_RTVALUE_H
