//===- SharedLayoutTest.cpp - Swizzled shared-memory tiles ----------------===//
//
// Part of Tessera. The layout is a bijection that spreads the rows an
// ldmatrix reads over all banks, whatever swizzle #tilegpu.shared gives it;
// the addresses sharedAddress builds in IR (a thread part plus immediates)
// are the layout's offsets; the layout and the wgmma/TMA check follow the
// attribute, not the shape.
//
//===----------------------------------------------------------------------===//

#include "tessera/Conversion/SharedLayout/SharedLayout.h"

#include "tessera/Conversion/LayoutGeometry/LayoutGeometry.h"

#include "EvaluateIR.h"

#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

#include <set>
#include <tuple>

using namespace mlir;
using namespace tessera::lowering;
using tessera::tilegpu::SharedEncodingAttr;

namespace {

/// Stored shapes with their canonical swizzle (what tilegpu-assign-layouts
/// gives them) and with smaller, non-canonical ones.
const std::tuple<int64_t, int64_t, int64_t> kLayouts[] = {
    {64, 64, 128},   {64, 128, 128}, {32, 32, 64}, {16, 48, 32},
    {128, 256, 128}, {8, 8, 16},     {64, 64, 64}, {64, 64, 32},
    {64, 64, 16},    {64, 128, 64},  {32, 32, 32}, {16, 48, 16}};

TEST(SharedTileLayoutTest, CanonicalSwizzle) {
  // The largest period (up to 8 chunks) dividing the stored row; 128 bytes
  // exactly for multiples of 64 columns.
  EXPECT_EQ(SharedEncodingAttr::getCanonicalSwizzle(64), 128u);
  EXPECT_EQ(SharedEncodingAttr::getCanonicalSwizzle(192), 128u);
  EXPECT_EQ(SharedEncodingAttr::getCanonicalSwizzle(128), 128u);
  EXPECT_EQ(SharedEncodingAttr::getCanonicalSwizzle(32), 64u);
  EXPECT_EQ(SharedEncodingAttr::getCanonicalSwizzle(96), 64u);
  EXPECT_EQ(SharedEncodingAttr::getCanonicalSwizzle(48), 32u);
  EXPECT_EQ(SharedEncodingAttr::getCanonicalSwizzle(16), 32u);
  EXPECT_EQ(SharedEncodingAttr::getCanonicalSwizzle(8), 16u);
  EXPECT_EQ(SharedEncodingAttr::getCanonicalSwizzle(24), 16u);
}

TEST(SharedTileLayoutTest, Geometry) {
  SharedTileLayout narrow(64, 32, 64); // 4 chunks a row
  EXPECT_FALSE(narrow.panelled());
  EXPECT_EQ(narrow.rowBytes(), 64);
  EXPECT_EQ(narrow.period(), 4);
  SharedTileLayout wide(64, 128, 128); // two 64-column panels
  EXPECT_TRUE(wide.panelled());
  EXPECT_EQ(wide.rowBytes(), 128);
  EXPECT_EQ(wide.panelBytes(), 64 * 128);
  EXPECT_EQ(wide.period(), 8);
  EXPECT_EQ(SharedTileLayout(16, 48, 32).period(), 2); // 6 chunks a row
  EXPECT_EQ(SharedTileLayout(16, 8, 16).period(), 1);
  // A smaller swizzle than the shape allows: whole 256-byte rows, chunks
  // XORed in groups of 4, no panels.
  SharedTileLayout unpanelled(64, 128, 64);
  EXPECT_FALSE(unpanelled.panelled());
  EXPECT_EQ(unpanelled.rowBytes(), 256);
  EXPECT_EQ(unpanelled.period(), 4);
  EXPECT_EQ(unpanelled.byteOffset(1, 0), 256 + 16);           // chunk 0 ^ 1
  EXPECT_EQ(unpanelled.byteOffset(5, 12), 5 * 256 + 13 * 16); // 12 + (0 ^ 1)
  EXPECT_EQ(wide.byteOffset(5, 12), 64 * 128 + 5 * 128 + (4 ^ 5) * 16);
}

TEST(SharedTileLayoutTest, FollowsTheAttribute) {
  MLIRContext ctx;
  ctx.loadDialect<tessera::tilegpu::TileGPUDialect>();
  Type f16 = Float16Type::get(&ctx);
  auto tile = [&](int64_t rows, int64_t cols, bool transposed,
                  unsigned swizzle) {
    return RankedTensorType::get(
        {rows, cols}, f16, SharedEncodingAttr::get(&ctx, transposed, swizzle));
  };
  // A transposed tile is stored as its transpose, with the same swizzle.
  SharedTileLayout t = storedLayout(tile(32, 64, true, 64));
  EXPECT_EQ(t.rows, 64);
  EXPECT_EQ(t.cols, 32);
  EXPECT_EQ(t.swizzle, 64);
  // Only the 128-byte swizzle is what descriptors and TMA read: a 64-column
  // tile with a smaller one is not, whatever its shape.
  EXPECT_TRUE(descriptorReadable(tile(64, 64, false, 128)));
  EXPECT_TRUE(descriptorReadable(tile(64, 64, true, 128)));
  EXPECT_EQ(whyNotDescriptorReadable(tile(64, 64, false, 64)),
            "its #tilegpu.shared swizzle is 64 bytes, not 128 (64-column "
            "panels)");
  EXPECT_EQ(whyNotDescriptorReadable(tile(12, 64, false, 128)),
            "its 12 stored rows are not whole 8-row groups");
  EXPECT_EQ(SharedEncodingAttr::getCanonical(&ctx, {32, 64}, true),
            SharedEncodingAttr::get(&ctx, true, 64));
  EXPECT_EQ(SharedEncodingAttr::getCanonical(&ctx, {32, 64}, false),
            SharedEncodingAttr::get(&ctx, false, 128));
}

TEST(SharedTileLayoutTest, OffsetsAreABijection) {
  for (auto [rows, cols, swizzle] : kLayouts) {
    SharedTileLayout layout(rows, cols, swizzle);
    std::set<int64_t> offsets;
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t c = 0; c < layout.chunksPerRow(); ++c) {
        int64_t offset = layout.byteOffset(r, c);
        EXPECT_EQ(offset % 16, 0);
        EXPECT_GE(offset, 0);
        EXPECT_LT(offset, rows * cols * 2);
        offsets.insert(offset);
      }
    EXPECT_EQ(int64_t(offsets.size()), rows * layout.chunksPerRow())
        << rows << "x" << cols << " swizzle " << swizzle;
  }
}

TEST(SharedTileLayoutTest, LdmatrixRowsHitDistinctBanks) {
  // The 8 rows of one 8×8 ldmatrix matrix: the same chunk of rows r..r+7.
  // With the 128-byte swizzle (the canonical one of 8 or more chunks a
  // row), their 16-byte bank groups (offset / 16 % 8) all differ.
  for (int64_t cols : {64, 128}) {
    SharedTileLayout layout(64, cols, 128);
    for (int64_t r0 = 0; r0 < 64; r0 += 8)
      for (int64_t c = 0; c < layout.chunksPerRow(); ++c) {
        std::set<int64_t> banks;
        for (int64_t r = r0; r < r0 + 8; ++r)
          banks.insert(layout.byteOffset(r, c) / 16 % 8);
        EXPECT_EQ(banks.size(), 8u) << "cols " << cols << " chunk " << c;
      }
  }
}

TEST(SharedTileLayoutTest, AddressesAreTheLayoutsOffsets) {
  MLIRContext ctx;
  ctx.loadDialect<arith::ArithDialect, LLVM::LLVMDialect>();
  OpBuilder b(&ctx);
  Location loc = b.getUnknownLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  b.setInsertionPointToStart(module->getBody());
  Value base =
      LLVM::ZeroOp::create(b, loc, LLVM::LLVMPointerType::get(&ctx, 3));
  // The shapes of the coordinates the patterns build: thread parts bounded
  // by 1, 2 (ldmatrix halves) or the whole row (cp.async copies), with
  // constant rows and chunks on top.
  for (auto [rows, cols, swizzle] : kLayouts) {
    SharedTileLayout layout(rows, cols, swizzle);
    int64_t chunks = layout.chunksPerRow();
    for (int64_t bound : {int64_t(1), int64_t(2), chunks}) {
      if (bound > chunks)
        continue;
      for (int64_t rowConst : {0, 1, 8, 16, 24})
        for (int64_t chunkConst = 0; chunkConst + bound <= chunks;
             chunkConst += bound)
          for (int64_t rowVar = 0; rowVar + rowConst < rows; rowVar += 3)
            for (int64_t chunkVar = 0; chunkVar < bound; ++chunkVar) {
              SharedCoord c;
              c.rowVar = i32Const(b, loc, rowVar);
              c.rowConst = rowConst;
              c.chunkVar = i32Const(b, loc, chunkVar);
              c.chunkVarBound = bound;
              c.chunkConst = chunkConst;
              Value address = sharedAddress(b, loc, base, layout, c);
              ASSERT_EQ(
                  evaluate(address, base),
                  layout.byteOffset(rowVar + rowConst, chunkVar + chunkConst))
                  << rows << "x" << cols << " swizzle " << swizzle << " row "
                  << rowVar << "+" << rowConst << " chunk " << chunkVar << "+"
                  << chunkConst << " (bound " << bound << ")";
            }
    }
  }
}

} // namespace
