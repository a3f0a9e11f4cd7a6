//===- Float16.cpp - f16 and bf16 conversions on the host -----------------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//

#include "tessera/Host/Float16.h"

#include <cstring>

namespace tessera::host {

namespace {

uint32_t bitsOf(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

float floatOf(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
}

/// Rounds `value >> shift` to nearest, ties to even.
uint32_t shiftRightRoundEven(uint32_t value, unsigned shift) {
  uint32_t result = value >> shift;
  uint32_t rest = value & ((1u << shift) - 1);
  uint32_t half = 1u << (shift - 1);
  if (rest > half || (rest == half && (result & 1)))
    ++result;
  return result;
}

} // namespace

uint16_t floatToHalfBits(float value) {
  uint32_t bits = bitsOf(value);
  uint16_t sign = (bits >> 16) & 0x8000;
  uint32_t abs = bits & 0x7fffffff;
  if (abs > 0x7f800000) // NaN: keep the top payload bits, force quiet.
    return sign | 0x7e00 | ((abs >> 13) & 0x3ff);
  int32_t exponent = static_cast<int32_t>(abs >> 23) - 127 + 15;
  if (exponent >= 31) // Infinity, or too large for any finite half.
    return sign | 0x7c00;
  if (exponent <= 0) {
    // Subnormal half (or zero): the value in units of 2^-24 is
    // mantissa * 2^(exponent - 14), with the implicit bit made explicit.
    if (exponent < -10)
      return sign;
    uint32_t mantissa = (abs & 0x7fffff) | 0x800000;
    return sign | shiftRightRoundEven(mantissa, 14 - exponent);
  }
  // A carry out of the mantissa correctly bumps the exponent (to infinity
  // from the largest binade).
  return sign |
         shiftRightRoundEven(
             (static_cast<uint32_t>(exponent) << 23) | (abs & 0x7fffff), 13);
}

float halfBitsToFloat(uint16_t bits) {
  uint32_t sign = static_cast<uint32_t>(bits & 0x8000) << 16;
  uint32_t exponent = (bits >> 10) & 0x1f;
  uint32_t mantissa = bits & 0x3ff;
  if (exponent == 0) {
    float magnitude = static_cast<float>(mantissa) * 0x1p-24f;
    return sign ? -magnitude : magnitude;
  }
  if (exponent == 31)
    return floatOf(sign | 0x7f800000 | (mantissa << 13));
  return floatOf(sign | ((exponent - 15 + 127) << 23) | (mantissa << 13));
}

uint16_t floatToBFloat16Bits(float value) {
  uint32_t bits = bitsOf(value);
  if ((bits & 0x7fffffff) > 0x7f800000)
    return static_cast<uint16_t>((bits >> 16) | 0x40);
  return static_cast<uint16_t>(shiftRightRoundEven(bits, 16));
}

float bfloat16BitsToFloat(uint16_t bits) {
  return floatOf(static_cast<uint32_t>(bits) << 16);
}

} // namespace tessera::host
