//===- Float16.h - f16 and bf16 conversions on the host ---------*- C++ -*-===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Bit-exact conversions between float and the 16-bit float formats, with
/// IEEE round to nearest, ties to even (as `cvt.rn` on the GPU): for
/// preparing inputs and reading outputs of f16/bf16 kernels, and for the
/// interpreter's storage rounding, without cuda_fp16.h.
///
//===----------------------------------------------------------------------===//

#ifndef TESSERA_HOST_FLOAT16_H
#define TESSERA_HOST_FLOAT16_H

#include <cstdint>

namespace tessera::host {

/// Converts a float to the bit pattern of the nearest f16 (overflow gives
/// infinity, NaN stays a quiet NaN with the top payload bits).
uint16_t floatToHalfBits(float value);
/// Widens an f16 bit pattern to float (exact).
float halfBitsToFloat(uint16_t bits);
/// Converts a float to the bit pattern of the nearest bf16 (NaN stays a
/// quiet NaN).
uint16_t floatToBFloat16Bits(float value);
/// Widens a bf16 bit pattern to float (exact).
float bfloat16BitsToFloat(uint16_t bits);

} // namespace tessera::host

#endif // TESSERA_HOST_FLOAT16_H
