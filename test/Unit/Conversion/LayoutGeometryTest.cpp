//===- LayoutGeometryTest.cpp - Slots of #tilegpu layouts -----------------===//
//
// Part of Tessera. Every element of an mma tile belongs to exactly one slot
// of one thread, as the PTX ISA's m16n8k16 fragment layout says, and the
// slices of a tile line up with the rows and columns of its slots. Blocked
// tiles: the owners of the slots (the IR the lowering builds, evaluated on
// each thread) cover every element once, copies included, and their slices
// line up with them.
//
//===----------------------------------------------------------------------===//

#include "tessera/Conversion/LayoutGeometry/LayoutGeometry.h"

#include "EvaluateIR.h"

#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

#include <map>

using namespace mlir;
using namespace tessera::lowering;
using namespace tessera::tilegpu;

namespace {

class LayoutGeometryTest : public ::testing::Test {
protected:
  LayoutGeometryTest() {
    ctx.loadDialect<TileGPUDialect, arith::ArithDialect>();
    module = ModuleOp::create(UnknownLoc::get(&ctx));
  }

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

  RankedTensorType blockedTile(ArrayRef<int64_t> shape,
                               BlockedEncodingAttr layout) {
    return RankedTensorType::get(shape, Float32Type::get(&ctx), layout);
  }

  /// The ids of thread (warp, lane) as constants.
  ThreadIds idsOf(OpBuilder &b, unsigned warp, unsigned lane,
                  unsigned numWarps) {
    Location loc = b.getUnknownLoc();
    ThreadIds ids;
    ids.numWarps = numWarps;
    ids.warp = i32Const(b, loc, warp);
    ids.lane = i32Const(b, loc, lane);
    ids.group = i32Const(b, loc, lane / 4);
    ids.quad = i32Const(b, loc, lane % 4);
    return ids;
  }

  /// The (row, col) of every slot of thread (warp, lane), and whether it
  /// owns them, from the IR of Distribution's bases and owner predicate.
  struct ThreadSlots {
    std::vector<std::pair<int64_t, int64_t>> elements;
    bool owner;
  };
  ThreadSlots slotsOf(const Distribution &d, unsigned warp, unsigned lane,
                      unsigned numWarps) {
    OpBuilder b(&ctx);
    b.setInsertionPointToEnd(module->getBody());
    Location loc = b.getUnknownLoc();
    ThreadIds ids = idsOf(b, warp, lane, numWarps);
    int64_t rowBase = evaluate(d.rowBase(b, loc, ids));
    int64_t colBase = evaluate(d.colBase(b, loc, ids));
    ThreadSlots result{{}, evaluate(d.isOwner(b, loc, ids)) != 0};
    for (int64_t s = 0; s < d.numSlots(); ++s) {
      SlotCoords c = d.coords(s);
      result.elements.push_back({rowBase + c.rowConst, colBase + c.colConst});
    }
    return result;
  }

  MLIRContext ctx;
  OwningOpRef<ModuleOp> module;
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

TEST_F(LayoutGeometryTest, BlockedOwnersCoverTheTileOnce) {
  struct Case {
    SmallVector<int64_t> shape;
    SmallVector<unsigned> spt, tpw, wpc, order;
  };
  // Repetitions, copies along either dimension (tiles smaller than the
  // coverage), column-major order and 1-D tiles.
  for (const Case &c : {
           Case{{4, 1024}, {1, 8}, {1, 32}, {1, 4}, {1, 0}},
           Case{{64, 64}, {1, 4}, {2, 16}, {4, 1}, {1, 0}},
           Case{{1, 64}, {1, 8}, {4, 8}, {2, 2}, {1, 0}},
           Case{{16, 8}, {1, 8}, {32, 1}, {1, 4}, {1, 0}},
           Case{{32, 16}, {2, 2}, {8, 4}, {2, 2}, {0, 1}},
           Case{{2048}, {8}, {32}, {8}, {0}},
           Case{{96}, {1}, {32}, {4}, {0}},
       }) {
    auto layout = BlockedEncodingAttr::get(&ctx, c.spt, c.tpw, c.wpc, c.order);
    unsigned numWarps = layout.getNumWarps();
    Distribution d = *Distribution::get(blockedTile(c.shape, layout));
    EXPECT_EQ(d.kind, Distribution::Blocked);
    int64_t rows = c.shape[0], cols = c.shape.size() == 2 ? c.shape[1] : 1;
    std::map<std::pair<int64_t, int64_t>, int> owned, held;
    for (unsigned warp = 0; warp < numWarps; ++warp)
      for (unsigned lane = 0; lane < 32; ++lane) {
        ThreadSlots t = slotsOf(d, warp, lane, numWarps);
        for (auto [row, col] : t.elements) {
          ASSERT_LT(row, rows);
          ASSERT_LT(col, cols);
          ++held[{row, col}];
          if (t.owner)
            ++owned[{row, col}];
        }
      }
    EXPECT_EQ(int64_t(held.size()), rows * cols);
    EXPECT_EQ(int64_t(owned.size()), rows * cols);
    for (auto &[where, count] : owned)
      EXPECT_EQ(count, 1) << where.first << ", " << where.second;
  }
}

TEST_F(LayoutGeometryTest, BlockedSlotsAreAdjacentAlongTheRow) {
  // The sizePerThread elements of a row are consecutive slots at
  // consecutive columns: one vector access.
  auto layout = BlockedEncodingAttr::get(&ctx, {1, 8}, {4, 8}, {4, 1}, {1, 0});
  Distribution d = *Distribution::get(blockedTile({64, 128}, layout));
  EXPECT_EQ(d.numSlots(), 64 * 128 / 128);
  for (int64_t s = 0; s < d.numSlots(); ++s) {
    SlotCoords c = d.coords(s), first = d.coords(s - s % 8);
    EXPECT_EQ(c.rowConst, first.rowConst);
    EXPECT_EQ(c.colConst, first.colConst + s % 8);
  }
}

TEST_F(LayoutGeometryTest, BlockedSlicesFollowTheirParent) {
  auto layout = BlockedEncodingAttr::get(&ctx, {1, 4}, {4, 8}, {2, 2}, {1, 0});
  Distribution parent = *Distribution::get(blockedTile({16, 64}, layout));
  auto sliceOf = [&](int64_t extent, unsigned dim) {
    return *Distribution::get(RankedTensorType::get(
        {extent}, Float32Type::get(&ctx),
        SliceEncodingAttr::get(&ctx, dim, layout)));
  };
  Distribution rows = sliceOf(16, 1), cols = sliceOf(64, 0);
  EXPECT_EQ(rows.kind, Distribution::Rows);
  EXPECT_EQ(cols.kind, Distribution::Cols);
  int64_t perRow = parent.blocked->elementsAlong(1);
  // Parent slot s takes row slot s / perRow and column slot s % perRow
  // (tile.broadcast), on every thread.
  for (unsigned warp = 0; warp < 4; ++warp)
    for (unsigned lane = 0; lane < 32; lane += 5) {
      ThreadSlots p = slotsOf(parent, warp, lane, 4);
      ThreadSlots r = slotsOf(rows, warp, lane, 4);
      ThreadSlots k = slotsOf(cols, warp, lane, 4);
      for (int64_t s = 0; s < parent.numSlots(); ++s) {
        EXPECT_EQ(r.elements[s / perRow].first, p.elements[s].first);
        EXPECT_EQ(k.elements[s % perRow].second, p.elements[s].second);
      }
    }
}

TEST_F(LayoutGeometryTest, OtherLayoutsHaveNoDistribution) {
  auto plain = RankedTensorType::get({16, 16}, Float32Type::get(&ctx));
  EXPECT_FALSE(Distribution::get(plain));
  auto shared = RankedTensorType::get(
      {16, 16}, Float16Type::get(&ctx),
      SharedEncodingAttr::getCanonical(&ctx, {16, 16}, false));
  EXPECT_FALSE(Distribution::get(shared));
}

} // namespace
