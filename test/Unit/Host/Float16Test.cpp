//===- Float16Test.cpp - Tests of the f16 and bf16 conversions ------------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//

#include "tessera/Host/Float16.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>

namespace host = tessera::host;

namespace {

float floatOf(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
}

TEST(Float16, RoundTripsAndRounds) {
  for (float value :
       {0.0f, 1.0f, -2.5f, 65504.0f, 6.1035156e-05f, 5.9604645e-08f})
    EXPECT_EQ(host::halfBitsToFloat(host::floatToHalfBits(value)), value)
        << value;
  EXPECT_EQ(host::floatToHalfBits(1.0f), 0x3C00);
  EXPECT_EQ(host::floatToHalfBits(-INFINITY), 0xFC00);
  EXPECT_EQ(host::floatToHalfBits(70000.0f), 0x7C00);
  EXPECT_EQ(host::floatToHalfBits(1.0f + 1.0f / 2048), 0x3C00); // Tie to even.
  EXPECT_EQ(host::floatToHalfBits(1.0f + 3.0f / 2048), 0x3C02);
  EXPECT_TRUE(std::isnan(host::halfBitsToFloat(0xFFFF)));
  EXPECT_EQ(host::floatToBFloat16Bits(1.0f), 0x3F80);
}

TEST(Float16, NaNStaysQuietNaN) {
  uint16_t half = host::floatToHalfBits(std::nanf(""));
  EXPECT_EQ(half & 0x7E00, 0x7E00);
  EXPECT_TRUE(std::isnan(host::halfBitsToFloat(half)));
  uint16_t bf16 = host::floatToBFloat16Bits(floatOf(0x7F800001));
  EXPECT_EQ(bf16 & 0x7FC0, 0x7FC0);
  EXPECT_TRUE(std::isnan(host::bfloat16BitsToFloat(bf16)));
}

TEST(Float16, EveryPatternRoundTrips) {
  for (uint32_t bits = 0; bits <= 0xFFFF; ++bits) {
    auto pattern = static_cast<uint16_t>(bits);
    float half = host::halfBitsToFloat(pattern);
    if (!std::isnan(half)) {
      EXPECT_EQ(host::floatToHalfBits(half), pattern) << std::hex << bits;
    }
    float bf16 = host::bfloat16BitsToFloat(pattern);
    if (!std::isnan(bf16)) {
      EXPECT_EQ(host::floatToBFloat16Bits(bf16), pattern) << std::hex << bits;
    }
  }
}

#ifdef __FLT16_MAX__
// The compiler's _Float16 rounds to nearest even too: compare over every
// half and a dense sample of floats (all exponents, ties included).
TEST(Float16, MatchesTheCompilersFloat16) {
  for (uint32_t bits = 0; bits <= 0xFFFF; ++bits) {
    auto pattern = static_cast<uint16_t>(bits);
    _Float16 native;
    std::memcpy(&native, &pattern, sizeof(native));
    float expected = static_cast<float>(native);
    float got = host::halfBitsToFloat(pattern);
    if (std::isnan(expected))
      EXPECT_TRUE(std::isnan(got)) << std::hex << bits;
    else
      EXPECT_EQ(got, expected) << std::hex << bits;
  }
  for (uint64_t bits = 0; bits <= 0xFFFFFFFFu; bits += 4099) {
    float value = floatOf(static_cast<uint32_t>(bits));
    if (std::isnan(value))
      continue;
    for (float candidate : {value, std::nextafter(value, 0.0f)}) {
      _Float16 native = static_cast<_Float16>(candidate);
      uint16_t expected;
      std::memcpy(&expected, &native, sizeof(expected));
      ASSERT_EQ(host::floatToHalfBits(candidate), expected)
          << std::hexfloat << candidate;
    }
  }
  // Exact ties between two halves (the lower one even, then odd).
  for (uint16_t pattern : {0x3C00, 0x3C01, 0x0001, 0x0002, 0x7BFE, 0x7BFF}) {
    float low = host::halfBitsToFloat(pattern);
    float high = host::halfBitsToFloat(pattern + 1);
    float tie = low + (high - low) / 2;
    _Float16 native = static_cast<_Float16>(tie);
    uint16_t expected;
    std::memcpy(&expected, &native, sizeof(expected));
    EXPECT_EQ(host::floatToHalfBits(tie), expected) << std::hex << pattern;
  }
}
#endif

TEST(Float16, BFloat16RoundsToNearestEven) {
  EXPECT_EQ(host::floatToBFloat16Bits(floatOf(0x3F808000)), 0x3F80); // Tie.
  EXPECT_EQ(host::floatToBFloat16Bits(floatOf(0x3F818000)), 0x3F82); // Tie.
  EXPECT_EQ(host::floatToBFloat16Bits(floatOf(0x3F808001)), 0x3F81);
  EXPECT_EQ(host::floatToBFloat16Bits(floatOf(0x7F7FFFFF)), 0x7F80); // Inf.
  EXPECT_EQ(host::floatToBFloat16Bits(-INFINITY), 0xFF80);
}

} // namespace
