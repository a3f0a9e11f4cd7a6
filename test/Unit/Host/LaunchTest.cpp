//===- LaunchTest.cpp - Tests of size binding -----------------------------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//

#include "tessera/Host/Launch.h"

#include <gtest/gtest.h>

namespace host = tessera::host;
using host::ShapeDim;

namespace {

const std::vector<ShapeDim> kQShape = {
    ShapeDim::ofSymbol("BH"), ShapeDim::ofSymbol("N"), ShapeDim::ofFixed(64)};

TEST(SizeBinder, BindsConsistentSizes) {
  host::SizeBinder binder;
  int64_t q[] = {6, 200, 64};
  int64_t lse[] = {6, 200};
  EXPECT_FALSE(binder.bind(0, kQShape, q));
  EXPECT_FALSE(binder.bind(1, kQShape, q));
  EXPECT_FALSE(
      binder.bind(2, {ShapeDim::ofSymbol("BH"), ShapeDim::ofSymbol("N")}, lse));
  EXPECT_EQ(binder.sizes(), (host::SymbolTable{{"BH", 6}, {"N", 200}}));
  EXPECT_EQ(binder.lookup("N"), 200);
  EXPECT_EQ(binder.lookup("D"), std::nullopt);
}

TEST(SizeBinder, ReportsAFixedMismatch) {
  host::SizeBinder binder;
  int64_t q[] = {6, 200, 128};
  std::optional<host::SizeBinder::Mismatch> mismatch =
      binder.bind(0, kQShape, q);
  ASSERT_TRUE(mismatch);
  EXPECT_TRUE(mismatch->isFixed());
  EXPECT_EQ(mismatch->dim, 2u);
  EXPECT_EQ(mismatch->expected, 64);
  EXPECT_EQ(mismatch->actual, 128);
}

TEST(SizeBinder, ReportsWhichArgumentBoundASymbol) {
  host::SizeBinder binder;
  int64_t q[] = {6, 200, 64};
  int64_t k[] = {6, 199, 64};
  int64_t one[] = {1};
  EXPECT_FALSE(binder.bind(0, {ShapeDim::ofFixed(1)}, one)); // Binds nothing.
  EXPECT_FALSE(binder.bind(3, kQShape, q));
  std::optional<host::SizeBinder::Mismatch> mismatch =
      binder.bind(4, kQShape, k);
  ASSERT_TRUE(mismatch);
  EXPECT_FALSE(mismatch->isFixed());
  EXPECT_EQ(mismatch->symbol, "N");
  EXPECT_EQ(mismatch->dim, 1u);
  EXPECT_EQ(mismatch->expected, 200);
  EXPECT_EQ(mismatch->actual, 199);
  EXPECT_EQ(mismatch->boundBy, 3u);
}

TEST(SizeBinder, ShapeDimText) {
  EXPECT_EQ(ShapeDim::ofSymbol("N").str(), "N");
  EXPECT_EQ(ShapeDim::ofFixed(64).str(), "64");
  EXPECT_TRUE(ShapeDim::ofSymbol("N").isSymbolic());
  EXPECT_FALSE(ShapeDim::ofFixed(0).isSymbolic());
}

} // namespace
