//===- LayoutGeometryTest.cpp - Slots of #tilegpu layouts -----------------===//
//
// Part of Tessera. Every element of an mma tile belongs to exactly one slot
// of one thread, as the PTX ISA's m16n8k16 fragment layout says, and the
// slices of a tile line up with the rows and columns of its slots.
//
//===----------------------------------------------------------------------===//

#include "tessera/Conversion/LayoutGeometry/LayoutGeometry.h"

#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

#include <map>

using namespace mlir;
using namespace tessera::lowering;
using namespace tessera::tilegpu;

namespace {

class LayoutGeometryTest : public ::testing::Test {
protected:
  LayoutGeometryTest() { ctx.loadDialect<TileGPUDialect>(); }

  RankedTensorType mmaTile(int64_t rows, int64_t cols, unsigned warpsM) {
    return RankedTensorType::get({rows, cols}, Float32Type::get(&ctx),
                                 MmaEncodingAttr::get(&ctx, warpsM, 1));
  }
  RankedTensorType slice(int64_t extent, unsigned dim, unsigned warpsM) {
    return RankedTensorType::get(
        {extent}, Float32Type::get(&ctx),
        SliceEncodingAttr::get(&ctx, dim,
                               MmaEncodingAttr::get(&ctx, warpsM, 1)));
  }

  MLIRContext ctx;
};

using Element = std::pair<int64_t, int64_t>;

/// The element of slot `s` in thread (warp, lane), with the bases that
/// Distribution::rowBase and colBase build in IR.
std::pair<int64_t, int64_t> element(const Distribution &d, unsigned warp,
                                    unsigned lane, int64_t s) {
  SlotCoords c = d.coords(s);
  int64_t rowBase = (warp % d.geom.warpsM) * 16 + lane / 4;
  int64_t colBase = 2 * (lane % 4);
  return {rowBase + c.rowConst, colBase + c.colConst};
}

TEST_F(LayoutGeometryTest, MmaSlotsCoverTheTileOnce) {
  for (auto [rows, cols, warpsM] :
       {std::tuple{64, 64, 4u}, {128, 64, 4u}, {128, 128, 8u}, {32, 16, 2u}}) {
    std::optional<Distribution> d =
        Distribution::get(mmaTile(rows, cols, warpsM));
    ASSERT_TRUE(d);
    EXPECT_EQ(d->kind, Distribution::Mma);
    EXPECT_EQ(d->numSlots(), rows * cols / (32 * warpsM));
    std::map<std::pair<int64_t, int64_t>, int> seen;
    for (unsigned warp = 0; warp < warpsM; ++warp)
      for (unsigned lane = 0; lane < 32; ++lane)
        for (int64_t s = 0; s < d->numSlots(); ++s) {
          auto [row, col] = element(*d, warp, lane, s);
          ASSERT_LT(row, rows);
          ASSERT_LT(col, cols);
          ++seen[{row, col}];
        }
    EXPECT_EQ(int64_t(seen.size()), rows * cols);
    for (auto &[where, count] : seen)
      EXPECT_EQ(count, 1) << where.first << ", " << where.second;
  }
}

TEST_F(LayoutGeometryTest, MmaFragmentIsPtxLayout) {
  // PTX ISA 9.7.14.5.8: c0, c1 at row group, columns 2t, 2t + 1; c2, c3 at
  // row group + 8. Lane 13 is group 3, t 1.
  Distribution d = *Distribution::get(mmaTile(16, 8, 1));
  EXPECT_EQ(element(d, 0, 13, 0), Element(3, 2));
  EXPECT_EQ(element(d, 0, 13, 1), Element(3, 3));
  EXPECT_EQ(element(d, 0, 13, 2), Element(11, 2));
  EXPECT_EQ(element(d, 0, 13, 3), Element(11, 3));
}

TEST_F(LayoutGeometryTest, WarpsTakeFragmentsInTurn) {
  // Fragment mt of warp w holds rows (mt * warpsM + w) * 16 ...: the 4 warps
  // of a warpgroup hold 64 consecutive rows.
  MmaGeometry g{128, 64, 4};
  EXPECT_EQ(g.mTiles(), 2);
  EXPECT_EQ(g.mTileRow(1), 64);
  EXPECT_EQ(g.nTiles(), 8);
  EXPECT_EQ(g.slot(1, 2, 3), (8 + 2) * 4 + 3);
}

TEST_F(LayoutGeometryTest, SlicesFollowTheirParent) {
  Distribution mma = *Distribution::get(mmaTile(128, 64, 4));
  Distribution rows = *Distribution::get(slice(128, 1, 4));
  Distribution cols = *Distribution::get(slice(64, 0, 4));
  EXPECT_EQ(rows.kind, Distribution::Rows);
  EXPECT_EQ(cols.kind, Distribution::Cols);
  EXPECT_EQ(rows.numSlots(), 4);
  EXPECT_EQ(cols.numSlots(), 16);
  // Row slot mt * 2 + c / 2 and column slot nt * 2 + c % 2 are the row and
  // column of mma slot (mt, nt, c), as tile.broadcast lowers it.
  for (int64_t mt = 0; mt < mma.geom.mTiles(); ++mt)
    for (int64_t nt = 0; nt < mma.geom.nTiles(); ++nt)
      for (int64_t c = 0; c < 4; ++c) {
        SlotCoords m = mma.coords(mma.geom.slot(mt, nt, c));
        EXPECT_EQ(rows.coords(mt * 2 + c / 2).rowConst, m.rowConst);
        EXPECT_EQ(cols.coords(nt * 2 + c % 2).colConst, m.colConst);
      }
}

TEST_F(LayoutGeometryTest, OtherLayoutsHaveNoDistribution) {
  auto plain = RankedTensorType::get({16, 16}, Float32Type::get(&ctx));
  EXPECT_FALSE(Distribution::get(plain));
  auto shared = RankedTensorType::get({16, 16}, Float16Type::get(&ctx),
                                      SharedEncodingAttr::get(&ctx, false));
  EXPECT_FALSE(Distribution::get(shared));
}

} // namespace
