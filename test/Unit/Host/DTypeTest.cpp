//===- DTypeTest.cpp - Tests of the element type table --------------------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//

#include "tessera/Host/DType.h"

#include <gtest/gtest.h>

#include <string>

namespace host = tessera::host;
using host::DType;

namespace {

constexpr DType kAll[] = {DType::F16, DType::BF16, DType::F32, DType::F64,
                          DType::I1,  DType::I8,   DType::I32, DType::I64};

TEST(DType, NamesSizesAndParsing) {
  const char *names[] = {"f16", "bf16", "f32", "f64", "i1", "i8", "i32", "i64"};
  size_t sizes[] = {2, 2, 4, 8, 1, 1, 4, 8};
  for (size_t i = 0; i < std::size(kAll); ++i) {
    EXPECT_STREQ(host::getDTypeName(kAll[i]), names[i]);
    EXPECT_EQ(host::getDTypeSize(kAll[i]), sizes[i]) << names[i];
    EXPECT_EQ(host::parseDType(names[i]), kAll[i]) << names[i];
  }
  EXPECT_EQ(host::parseDType("f8"), std::nullopt);
  EXPECT_EQ(host::parseDType(""), std::nullopt);
  EXPECT_EQ(host::parseDType("F16"), std::nullopt);
}

TEST(DType, Classes) {
  std::string floats, manifest;
  for (DType dtype : kAll) {
    if (host::isFloatDType(dtype))
      floats += std::string(host::getDTypeName(dtype)) + " ";
    if (host::isManifestDType(dtype))
      manifest += std::string(host::getDTypeName(dtype)) + " ";
  }
  EXPECT_EQ(floats, "f16 bf16 f32 f64 ");
  EXPECT_EQ(manifest, "f16 bf16 f32 i32 i64 ");
}

} // namespace
