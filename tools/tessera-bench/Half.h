//===- Half.h - IEEE binary16 conversions on the host -----------*- C++ -*-===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Bit-exact float <-> half conversion (round to nearest even) for preparing
/// inputs and reading outputs of f16 kernels, without needing cuda_fp16.h.
///
//===----------------------------------------------------------------------===//

#ifndef TESSERA_TOOLS_BENCH_HALF_H
#define TESSERA_TOOLS_BENCH_HALF_H

#include <cstdint>
#include <cstring>

namespace tessera {
namespace bench {

/// Converts an IEEE half to float (exact).
inline float halfToFloat(uint16_t half) {
  uint32_t sign = uint32_t(half & 0x8000) << 16;
  uint32_t exponent = (half >> 10) & 0x1F;
  uint32_t mantissa = half & 0x3FF;
  uint32_t bits;
  if (exponent == 0x1F) { // Inf or NaN.
    bits = sign | 0x7F800000u | (mantissa << 13);
  } else if (exponent != 0) { // Normal.
    bits = sign | ((exponent + 112) << 23) | (mantissa << 13);
  } else if (mantissa == 0) { // Zero.
    bits = sign;
  } else { // Subnormal: normalise.
    exponent = 113;
    while (!(mantissa & 0x400)) {
      mantissa <<= 1;
      --exponent;
    }
    bits = sign | (exponent << 23) | ((mantissa & 0x3FF) << 13);
  }
  float value;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
}

/// Converts a float to the nearest IEEE half (ties to even; overflow to inf).
inline uint16_t floatToHalf(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  uint16_t sign = static_cast<uint16_t>((bits >> 16) & 0x8000);
  uint32_t magnitude = bits & 0x7FFFFFFFu;
  if (magnitude >= 0x7F800000u) // Inf or NaN (keep NaN quiet).
    return sign | 0x7C00 | (magnitude > 0x7F800000u ? 0x200 : 0);
  if (magnitude >= 0x477FF000u) // Rounds to >= 65520: overflow.
    return sign | 0x7C00;
  if (magnitude < 0x33000001u) // Below half the smallest subnormal.
    return sign;
  uint32_t exponent = magnitude >> 23;
  uint32_t mantissa = (magnitude & 0x7FFFFF) | 0x800000;
  if (exponent < 113) {              // Subnormal half.
    uint32_t shift = 126 - exponent; // 14..24
    uint32_t half = mantissa >> shift;
    uint32_t rest = mantissa & ((1u << shift) - 1);
    uint32_t halfway = 1u << (shift - 1);
    if (rest > halfway || (rest == halfway && (half & 1)))
      ++half;
    return sign | static_cast<uint16_t>(half);
  }
  uint32_t half = ((exponent - 112) << 10) | ((mantissa >> 13) & 0x3FF);
  uint32_t rest = mantissa & 0x1FFF;
  if (rest > 0x1000 || (rest == 0x1000 && (half & 1)))
    ++half; // May carry into the exponent, which is correct.
  return sign | static_cast<uint16_t>(half);
}

/// Converts a float to bfloat16 (round to nearest even).
inline uint16_t floatToBFloat16(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  if ((bits & 0x7FFFFFFFu) > 0x7F800000u)
    return static_cast<uint16_t>((bits >> 16) | 0x40);
  bits += 0x7FFF + ((bits >> 16) & 1);
  return static_cast<uint16_t>(bits >> 16);
}

} // namespace bench
} // namespace tessera

#endif // TESSERA_TOOLS_BENCH_HALF_H
