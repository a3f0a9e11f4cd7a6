//===- SharedLayoutTest.cpp - Swizzled shared-memory tiles ----------------===//
//
// Part of Tessera. The layout is a bijection that spreads the rows an
// ldmatrix reads over all banks, and the addresses sharedAddress builds in
// IR (a thread part plus immediates) are the layout's offsets.
//
//===----------------------------------------------------------------------===//

#include "tessera/Conversion/SharedLayout/SharedLayout.h"

#include "tessera/Conversion/LayoutGeometry/LayoutGeometry.h"

#include "EvaluateIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

#include <set>

using namespace mlir;
using namespace tessera::lowering;

namespace {

TEST(SharedTileLayoutTest, Geometry) {
  SharedTileLayout narrow(64, 32); // 4 chunks a row
  EXPECT_FALSE(narrow.panelled());
  EXPECT_EQ(narrow.rowBytes(), 64);
  EXPECT_EQ(narrow.period(), 4);
  SharedTileLayout wide(64, 128); // two 64-column panels
  EXPECT_TRUE(wide.panelled());
  EXPECT_EQ(wide.rowBytes(), 128);
  EXPECT_EQ(wide.panelBytes(), 64 * 128);
  EXPECT_EQ(wide.period(), 8);
  EXPECT_EQ(SharedTileLayout(16, 48).period(), 2); // 6 chunks a row
  EXPECT_EQ(SharedTileLayout(16, 8).period(), 1);
}

TEST(SharedTileLayoutTest, OffsetsAreABijection) {
  for (auto [rows, cols] : {std::pair{64, 64}, {64, 128}, {32, 32}, {16, 48},
                            {128, 256}, {8, 8}}) {
    SharedTileLayout layout(rows, cols);
    std::set<int64_t> offsets;
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t c = 0; c < layout.chunksPerRow(); ++c) {
        int64_t offset = layout.byteOffset(r, c);
        EXPECT_EQ(offset % 16, 0);
        EXPECT_GE(offset, 0);
        EXPECT_LT(offset, rows * cols * 2);
        offsets.insert(offset);
      }
    EXPECT_EQ(int64_t(offsets.size()), rows * layout.chunksPerRow());
  }
}

TEST(SharedTileLayoutTest, LdmatrixRowsHitDistinctBanks) {
  // The 8 rows of one 8×8 ldmatrix matrix: the same chunk of rows r..r+7.
  // With 8 or more chunks a row, their 16-byte bank groups (offset / 16 % 8)
  // all differ.
  for (int64_t cols : {64, 128}) {
    SharedTileLayout layout(64, cols);
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
  for (auto [rows, cols] :
       {std::pair{64, 64}, {64, 128}, {32, 32}, {16, 48}, {128, 256}}) {
    SharedTileLayout layout(rows, cols);
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
              ASSERT_EQ(evaluate(address, base),
                        layout.byteOffset(rowVar + rowConst,
                                          chunkVar + chunkConst))
                  << rows << "x" << cols << " row " << rowVar << "+"
                  << rowConst << " chunk " << chunkVar << "+" << chunkConst
                  << " (bound " << bound << ")";
            }
    }
  }
}

} // namespace
