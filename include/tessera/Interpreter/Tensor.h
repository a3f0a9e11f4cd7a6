//===- Tensor.h - Host tensors for the tile interpreter ---------*- C++ -*-===//
//
// Part of Tessera. A `Tensor` is the host-side stand-in for a global-memory
// tensor that a kernel receives as a `!tile.view`: an element type, a shape,
// strides in elements and flat storage in the element type's own encoding
// (f16 and bf16 are stored as their 16-bit patterns). Element accesses round
// to the element type exactly as the GPU's conversions do.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_INTERPRETER_TENSOR_H
#define TESSERA_INTERPRETER_TENSOR_H

#include "tessera/Host/DType.h"
#include "tessera/Host/Float16.h"

#include "mlir/IR/Types.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace tessera::interp {

// The element types, their names and sizes, and the f16/bf16 conversions are
// the host library's (tessera/Host), shared with the runtime and
// tessera-bench.
using host::bfloat16BitsToFloat;
using host::DType;
using host::floatToBFloat16Bits;
using host::floatToHalfBits;
using host::getDTypeName;
using host::getDTypeSize;
using host::halfBitsToFloat;
using host::isFloatDType;

/// Returns the dtype of an MLIR element type, or std::nullopt if there is none.
std::optional<DType> getDTypeOf(mlir::Type type);

//===----------------------------------------------------------------------===//
// Rounding (IEEE round to nearest, ties to even, as cvt.rn on the GPU)
//===----------------------------------------------------------------------===//

/// Rounds `value` to the nearest value of the float dtype `dtype` (f64 is
/// returned unchanged; f16 and bf16 round through f32, which is exact for
/// every f32 input).
double roundToFloatDType(double value, DType dtype);
/// Converts a float to a signed integer of `width` bits: truncation toward
/// zero, saturation at the bounds and NaN to 0 (the PTX cvt.rzi.sat
/// behaviour; LLVM calls the out-of-range case poison).
int64_t floatToSigned(double value, unsigned width);
/// Wraps `value` to a signed integer of `width` bits (two's complement),
/// returned sign-extended; width 1 gives 0 or -1.
int64_t wrapToWidth(int64_t value, unsigned width);

//===----------------------------------------------------------------------===//
// Tensor
//===----------------------------------------------------------------------===//

/// A strided tensor in host memory. Offsets are in elements from the start of
/// the storage; logical (row-major) element order is used by the `*Linear`
/// accessors, whatever the strides.
class Tensor {
public:
  Tensor() = default;
  /// A zero-filled, contiguous row-major tensor.
  Tensor(DType dtype, llvm::ArrayRef<int64_t> shape);
  /// A zero-filled tensor with explicit non-negative strides (in elements).
  Tensor(DType dtype, llvm::ArrayRef<int64_t> shape,
         llvm::ArrayRef<int64_t> strides);

  DType getDType() const { return dtype; }
  llvm::ArrayRef<int64_t> getShape() const { return shape; }
  llvm::ArrayRef<int64_t> getStrides() const { return strides; }
  unsigned getRank() const { return shape.size(); }
  int64_t getNumElements() const;

  /// Returns the storage offset of a multi-dimensional index.
  int64_t getOffset(llvm::ArrayRef<int64_t> index) const;
  /// Returns the storage offset of the `linear`-th element in row-major order.
  int64_t getLinearOffset(int64_t linear) const;

  /// Reads the element at `offset`, widened to double (integers converted).
  double loadFloat(int64_t offset) const;
  /// Writes `value` at `offset`, rounded to the dtype (integers: truncated
  /// toward zero and wrapped).
  void storeFloat(int64_t offset, double value);
  /// Reads the element at `offset` as an integer (floats truncated).
  int64_t loadInt(int64_t offset) const;
  /// Writes an integer at `offset`, wrapped to the dtype's width.
  void storeInt(int64_t offset, int64_t value);

  double getLinear(int64_t linear) const {
    return loadFloat(getLinearOffset(linear));
  }
  void setLinear(int64_t linear, double value) {
    storeFloat(getLinearOffset(linear), value);
  }
  /// Sets every element to `value` (rounded to the dtype).
  void fill(double value);
  /// Returns every element in row-major order, widened to double.
  std::vector<double> toDoubles() const;

  /// Returns e.g. "f16[2x200x64]".
  std::string getTypeString() const;

private:
  DType dtype = DType::F32;
  llvm::SmallVector<int64_t, 4> shape;
  llvm::SmallVector<int64_t, 4> strides;
  /// Raw element storage; 8-byte units keep every dtype aligned.
  std::vector<uint64_t> storage;

  void *elementAddress(int64_t offset) const;
};

} // namespace tessera::interp

#endif // TESSERA_INTERPRETER_TENSOR_H
