//===- Tensor.cpp - Host tensors and GPU-exact rounding -------------------===//
//
// Part of Tessera. The element types and the f16/bf16 conversions are
// tessera/Host's; this adds MLIR's types, the integer conversions and the
// strided storage.
//
//===----------------------------------------------------------------------===//

#include "tessera/Interpreter/Tensor.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cassert>
#include <cmath>
#include <cstring>
#include <limits>

using namespace tessera::interp;

//===----------------------------------------------------------------------===//
// DType
//===----------------------------------------------------------------------===//

std::optional<DType> tessera::interp::getDTypeOf(mlir::Type type) {
  if (type.isF16())
    return DType::F16;
  if (type.isBF16())
    return DType::BF16;
  if (type.isF32())
    return DType::F32;
  if (type.isF64())
    return DType::F64;
  for (auto [width, dtype] :
       {std::pair(1u, DType::I1), std::pair(8u, DType::I8),
        std::pair(32u, DType::I32), std::pair(64u, DType::I64)})
    if (type.isSignlessInteger(width))
      return dtype;
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Rounding
//===----------------------------------------------------------------------===//

double tessera::interp::roundToFloatDType(double value, DType dtype) {
  switch (dtype) {
  case DType::F16:
    return halfBitsToFloat(floatToHalfBits(static_cast<float>(value)));
  case DType::BF16:
    return bfloat16BitsToFloat(floatToBFloat16Bits(static_cast<float>(value)));
  case DType::F32:
    return static_cast<float>(value);
  default:
    return value;
  }
}

int64_t tessera::interp::wrapToWidth(int64_t value, unsigned width) {
  if (width >= 64)
    return value;
  unsigned shift = 64 - width;
  return static_cast<int64_t>(static_cast<uint64_t>(value) << shift) >> shift;
}

int64_t tessera::interp::floatToSigned(double value, unsigned width) {
  if (std::isnan(value))
    return 0;
  double bound = std::ldexp(1.0, std::min(width, 64u) - 1);
  if (value >= bound)
    return width >= 64 ? std::numeric_limits<int64_t>::max()
                       : static_cast<int64_t>(bound) - 1;
  if (value < -bound)
    return width >= 64 ? std::numeric_limits<int64_t>::min()
                       : -static_cast<int64_t>(bound);
  return static_cast<int64_t>(value);
}

//===----------------------------------------------------------------------===//
// Tensor
//===----------------------------------------------------------------------===//

Tensor::Tensor(DType dtype, llvm::ArrayRef<int64_t> shape)
    : dtype(dtype), shape(shape) {
  strides.resize(shape.size());
  int64_t stride = 1;
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    strides[d] = stride;
    stride *= shape[d];
  }
  storage.resize((stride * getDTypeSize(dtype) + 7) / 8);
}

Tensor::Tensor(DType dtype, llvm::ArrayRef<int64_t> shape,
               llvm::ArrayRef<int64_t> strides)
    : dtype(dtype), shape(shape), strides(strides) {
  assert(shape.size() == strides.size() && "one stride per dimension");
  int64_t extent = 1;
  for (auto [size, stride] : llvm::zip(shape, strides)) {
    assert(size >= 0 && stride >= 0 && "expected non-negative sizes/strides");
    if (size == 0)
      extent = 0;
    else if (extent)
      extent += (size - 1) * stride;
  }
  storage.resize((extent * getDTypeSize(dtype) + 7) / 8);
}

int64_t Tensor::getNumElements() const {
  int64_t n = 1;
  for (int64_t size : shape)
    n *= size;
  return n;
}

int64_t Tensor::getOffset(llvm::ArrayRef<int64_t> index) const {
  assert(index.size() == shape.size() && "one index per dimension");
  int64_t offset = 0;
  for (auto [i, stride] : llvm::zip(index, strides))
    offset += i * stride;
  return offset;
}

int64_t Tensor::getLinearOffset(int64_t linear) const {
  int64_t offset = 0;
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    offset += (linear % shape[d]) * strides[d];
    linear /= shape[d];
  }
  return offset;
}

void *Tensor::elementAddress(int64_t offset) const {
  auto *base = reinterpret_cast<const char *>(storage.data());
  return const_cast<char *>(base + offset * getDTypeSize(dtype));
}

/// Reads a value of type T from possibly unaligned memory.
template <typename T> static T readAs(const void *address) {
  T value;
  std::memcpy(&value, address, sizeof(T));
  return value;
}

template <typename T> static void writeAs(void *address, T value) {
  std::memcpy(address, &value, sizeof(T));
}

double Tensor::loadFloat(int64_t offset) const {
  const void *address = elementAddress(offset);
  switch (dtype) {
  case DType::F16:
    return halfBitsToFloat(readAs<uint16_t>(address));
  case DType::BF16:
    return bfloat16BitsToFloat(readAs<uint16_t>(address));
  case DType::F32:
    return readAs<float>(address);
  case DType::F64:
    return readAs<double>(address);
  default:
    return static_cast<double>(loadInt(offset));
  }
}

void Tensor::storeFloat(int64_t offset, double value) {
  void *address = elementAddress(offset);
  switch (dtype) {
  case DType::F16:
    return writeAs(address, floatToHalfBits(static_cast<float>(value)));
  case DType::BF16:
    return writeAs(address, floatToBFloat16Bits(static_cast<float>(value)));
  case DType::F32:
    return writeAs(address, static_cast<float>(value));
  case DType::F64:
    return writeAs(address, value);
  case DType::I1:
    return storeInt(offset, value != 0.0 ? 1 : 0);
  case DType::I8:
    return storeInt(offset, floatToSigned(value, 8));
  case DType::I32:
    return storeInt(offset, floatToSigned(value, 32));
  case DType::I64:
    return storeInt(offset, floatToSigned(value, 64));
  }
}

int64_t Tensor::loadInt(int64_t offset) const {
  const void *address = elementAddress(offset);
  switch (dtype) {
  case DType::I1:
    return readAs<uint8_t>(address) ? -1 : 0;
  case DType::I8:
    return readAs<int8_t>(address);
  case DType::I32:
    return readAs<int32_t>(address);
  case DType::I64:
    return readAs<int64_t>(address);
  default:
    return floatToSigned(loadFloat(offset), 64);
  }
}

void Tensor::storeInt(int64_t offset, int64_t value) {
  void *address = elementAddress(offset);
  switch (dtype) {
  case DType::I1:
    return writeAs<uint8_t>(address, value & 1);
  case DType::I8:
    return writeAs(address, static_cast<int8_t>(value));
  case DType::I32:
    return writeAs(address, static_cast<int32_t>(value));
  case DType::I64:
    return writeAs(address, value);
  default:
    return storeFloat(offset, static_cast<double>(value));
  }
}

void Tensor::fill(double value) {
  for (int64_t i = 0, e = getNumElements(); i < e; ++i)
    setLinear(i, value);
}

std::vector<double> Tensor::toDoubles() const {
  std::vector<double> values(getNumElements());
  for (int64_t i = 0, e = values.size(); i < e; ++i)
    values[i] = getLinear(i);
  return values;
}

std::string Tensor::getTypeString() const {
  std::string result;
  llvm::raw_string_ostream os(result);
  os << getDTypeName(dtype) << "[";
  llvm::interleave(shape, os, "x");
  os << "]";
  return result;
}
