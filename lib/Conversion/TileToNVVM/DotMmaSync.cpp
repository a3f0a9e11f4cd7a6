//===- DotMmaSync.cpp - tile.dot on mma.sync.m16n8k16 ---------------------===//
//
// Part of Tessera. tile.dot as ldmatrix + mma.sync.m16n8k16 per fragment,
// and the frame both dot lowerings share. The fragment layouts follow the
// PTX ISA, "Matrix Fragments for mma.m16n8k16 with floating point type"
// (section 9.7.14.5.8).
//
//===----------------------------------------------------------------------===//

#include "DotCommon.h"
#include "tessera/Conversion/TileToNVVM/TileToNVVM.h"

#include "Tile/IR/TileDialect.h"
#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace tessera;
using namespace tessera::lowering;
using namespace tessera::tile;
using namespace tessera::tilegpu;

Value tessera::lowering::packFragment(OpBuilder &b, Location loc,
                                      ArrayRef<Value> values, int64_t rows) {
  auto type = VectorType::get({rows, 2}, values.front().getType());
  return vector::FromElementsOp::create(b, loc, type, values);
}

namespace {


/// One mma.sync.m16n8k16 with f32 accumulators: `a` is vector<4x2xT>, `b`
/// vector<2x2xT>, `c` and the result vector<2x2xf32>. f16 goes through
/// nvgpu.mma.sync; bf16, which its lowering cannot type, goes to nvvm.mma.sync
/// directly with the pairs packed into the b32 registers PTX takes
/// (PTX ISA, "Matrix Fragments for mma.m16n8k16").
Value mmaSync(OpBuilder &b, Location loc, Value a, Value bFrag, Value c) {
  auto elementType = cast<VectorType>(a.getType()).getElementType();
  if (!elementType.isBF16())
    return nvgpu::MmaSyncOp::create(b, loc, a, bFrag, c,
                                    ArrayRef<int64_t>{16, 8, 16});
  auto registers = [&](Value fragment) {
    SmallVector<Value> words;
    for (int64_t i = 0, e = cast<VectorType>(fragment.getType()).getDimSize(0);
         i < e; ++i)
      words.push_back(LLVM::BitcastOp::create(
          b, loc, b.getI32Type(), vector::ExtractOp::create(b, loc, fragment, i)));
    return words;
  };
  SmallVector<Value> accumulators;
  for (int64_t i = 0; i < 2; ++i)
    for (int64_t j = 0; j < 2; ++j)
      accumulators.push_back(
          vector::ExtractOp::create(b, loc, c, ArrayRef<int64_t>{i, j}));
  Type f32 = b.getF32Type();
  auto resultType =
      LLVM::LLVMStructType::getLiteral(b.getContext(), {f32, f32, f32, f32});
  Value d = NVVM::MmaOp::create(
      b, loc, resultType, registers(a), registers(bFrag), accumulators,
      ArrayRef<int64_t>{16, 8, 16}, std::nullopt, std::nullopt,
      std::array<NVVM::MMATypes, 2>{NVVM::MMATypes::bf16,
                                    NVVM::MMATypes::bf16},
      std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                     NVVM::MMALayout::col});
  SmallVector<Value> results;
  for (int64_t i = 0; i < 4; ++i)
    results.push_back(LLVM::ExtractValueOp::create(b, loc, d, i));
  return vector::FromElementsOp::create(b, loc, c.getType(), results);
}

/// Splits the i32 registers an ldmatrix returns into f16/bf16 pairs.
SmallVector<Value> unpackLdMatrix(OpBuilder &b, Location loc, Value result,
                                  int64_t count, Type elementType) {
  SmallVector<Value> halves;
  auto pairType = VectorType::get({2}, elementType);
  for (int64_t i = 0; i < count; ++i) {
    Value reg = LLVM::ExtractValueOp::create(b, loc, result, i);
    Value pair = LLVM::BitcastOp::create(b, loc, pairType, reg);
    for (int64_t j = 0; j < 2; ++j)
      halves.push_back(vector::ExtractOp::create(b, loc, pair, j));
  }
  return halves;
}

/// ldmatrix.x4 of four 8×8 matrices; lane l gives the address of row l % 8 of
/// matrix l / 8. Returns the 8 halves the thread receives.
SmallVector<Value> ldmatrixX4(OpBuilder &b, Location loc, Value address,
                              bool transpose, Type elementType) {
  MLIRContext *ctx = b.getContext();
  auto i32 = b.getI32Type();
  auto resultType = LLVM::LLVMStructType::getLiteral(ctx, {i32, i32, i32, i32});
  Value result = NVVM::LdMatrixOp::create(
      b, loc, resultType, address, /*num=*/4,
      transpose ? NVVM::MMALayout::col : NVVM::MMALayout::row,
      NVVM::LdStMatrixShapeAttr::get(ctx, 8, 8), NVVM::LdStMatrixEltType::B16);
  return unpackLdMatrix(b, loc, result, 4, elementType);
}


/// mma.sync.m16n8k16 per (m-fragment, n-fragment, k step); B fragments
/// from ldmatrix.x4. Returns the accumulator slots.
SmallVector<Value>
lowerMmaSync(OpBuilder &rewriter, Location loc, DotOp::Adaptor adaptor,
             const MmaGeometry &g, int64_t k, RankedTensorType bType,
             const ThreadIds &ids,
             function_ref<Value(int64_t, int64_t)> aFragment) {
  auto bShared = cast<SharedEncodingAttr>(bType.getEncoding());
  Type elementType = bType.getElementType();
  // lane % 16 and lane / 16 address rows and 8-column halves of ldmatrix.
  Value laneLo8 = arith::RemUIOp::create(rewriter, loc, ids.lane,
                                         i32Const(rewriter, loc, 8));
  Value laneMat = arith::DivUIOp::create(rewriter, loc, ids.lane,
                                         i32Const(rewriter, loc, 8));
  Value laneBit0 = arith::RemUIOp::create(rewriter, loc, laneMat,
                                          i32Const(rewriter, loc, 2));
  Value laneBit1 = arith::DivUIOp::create(rewriter, loc, laneMat,
                                          i32Const(rewriter, loc, 2));

  // The accumulator fragments, updated in place over the k steps.
  Value acc = adaptor.getAcc();
  SmallVector<Value> cFrags;
  for (int64_t mt = 0; mt < g.mTiles(); ++mt)
    for (int64_t nt = 0; nt < g.nTiles(); ++nt) {
      SmallVector<Value> c;
      for (int64_t i = 0; i < 4; ++i)
        c.push_back(vector::ExtractOp::create(rewriter, loc, acc,
                                              g.slot(mt, nt, i)));
      cFrags.push_back(packFragment(rewriter, loc, c, 2));
    }

  SharedTileLayout bLayout = storedLayout(bType);
  for (int64_t kt = 0; kt < k / 16; ++kt) {
    SmallVector<Value> aFrags;
    for (int64_t mt = 0; mt < g.mTiles(); ++mt)
      aFrags.push_back(aFragment(mt, kt));
    for (int64_t nt = 0; nt < g.nTiles(); nt += 2) {
      // One ldmatrix.x4 gives b0, b1 of n-fragments nt and nt + 1: lanes
      // 8-15 and 24-31 address k + 8, lanes 16-31 address n + 8.
      SharedCoord coord;
      coord.chunkVarBound = 2;
      Value laneRow8 = arith::MulIOp::create(
          rewriter, loc, bShared.getTransposed() ? laneBit1 : laneBit0,
          i32Const(rewriter, loc, 8));
      coord.rowVar = arith::AddIOp::create(rewriter, loc, laneRow8, laneLo8);
      if (bShared.getTransposed()) {
        // Stored [N][K]: rows are n, read as they are.
        coord.rowConst = nt * 8;
        coord.chunkVar = laneBit0;
        coord.chunkConst = kt * 2;
      } else {
        // Stored [K][N]: rows are k, read with .trans.
        coord.rowConst = kt * 16;
        coord.chunkVar = laneBit1;
        coord.chunkConst = nt;
      }
      Value address =
          sharedAddress(rewriter, loc, adaptor.getB(), bLayout, coord);
      SmallVector<Value> h = ldmatrixX4(rewriter, loc, address,
                                        !bShared.getTransposed(),
                                        elementType);
      Value b0 = packFragment(rewriter, loc, ArrayRef(h).slice(0, 4), 2);
      Value b1 = packFragment(rewriter, loc, ArrayRef(h).slice(4, 4), 2);
      for (int64_t mt = 0; mt < g.mTiles(); ++mt) {
        for (auto [n, bFrag] : {std::pair{nt, b0}, std::pair{nt + 1, b1}}) {
          Value &c = cFrags[mt * g.nTiles() + n];
          c = mmaSync(rewriter, loc, aFrags[mt], bFrag, c);
        }
      }
    }
  }

  SmallVector<Value> out;
  for (Value c : cFrags)
    for (int64_t i = 0; i < 2; ++i)
      for (int64_t j = 0; j < 2; ++j)
        out.push_back(vector::ExtractOp::create(rewriter, loc, c,
                                                ArrayRef<int64_t>{i, j}));
  return out;
}

/// The A fragment from an f16 tile in the mma layout: the accumulator slots
/// of n-fragments 2kt and 2kt+1 are a0 = (c0, c1) and a1 = (c2, c3) of the
/// first, a2, a3 of the second (FlashAttention-2's P in registers).
Value repackA(OpBuilder &b, Location loc, Value a,
                     RankedTensorType aType, int64_t mt, int64_t kt) {
  auto dist = Distribution::get(aType);
  SmallVector<Value> values;
  for (int64_t nt : {2 * kt, 2 * kt + 1})
    for (int64_t c = 0; c < 4; ++c)
      values.push_back(
          vector::ExtractOp::create(b, loc, a, dist->geom.slot(mt, nt, c)));
  return packFragment(b, loc, values, 4);
}

} // namespace

Value tessera::lowering::loadSharedA(OpBuilder &b, Location loc, Value base,
                                     RankedTensorType aType, Value warpRow,
                                     const ThreadIds &ids, int64_t row0,
                                     int64_t kt) {
  SharedCoord coord;
  coord.rowVar = arith::AddIOp::create(
      b, loc, warpRow,
      arith::RemUIOp::create(b, loc, ids.lane, i32Const(b, loc, 16)));
  coord.rowConst = row0;
  coord.chunkVar =
      arith::DivUIOp::create(b, loc, ids.lane, i32Const(b, loc, 16));
  coord.chunkVarBound = 2;
  coord.chunkConst = kt * 2;
  Value address = sharedAddress(b, loc, base, storedLayout(aType), coord);
  SmallVector<Value> h = ldmatrixX4(b, loc, address, /*transpose=*/false,
                                    aType.getElementType());
  // ldmatrix matrices 0..3 are rows 0-15 × cols 0-7, then cols 8-15:
  // exactly a0, a1, a2, a3.
  return packFragment(b, loc, h, 4);
}

//===----------------------------------------------------------------------===//
// The frame of both dot lowerings
//===----------------------------------------------------------------------===//

FailureOr<Distribution> DotLoweringBase::matchMmaDot(DotOp op, bool report) {
  auto fail = [&](const Twine &message) -> LogicalResult {
    if (report)
      return op.emitOpError(message);
    return failure();
  };
  auto accDist = Distribution::get(op.getAcc().getType());
  if (!accDist || accDist->kind != Distribution::Mma)
    return fail("expected an mma accumulator");
  auto aType = cast<RankedTensorType>(op.getA().getType());
  auto bType = cast<RankedTensorType>(op.getB().getType());
  int64_t k = aType.getDimSize(1);
  const MmaGeometry &g = accDist->geom;
  if (k % 16 != 0 || g.nTiles() % 2 != 0)
    return fail("expected K and N to be multiples of 16 for "
                "mma.sync.m16n8k16, got K = " +
                Twine(k) + ", N = " + Twine(g.cols));
  auto bShared = dyn_cast_if_present<SharedEncodingAttr>(bType.getEncoding());
  if (!bShared)
    return fail("expected operand b in shared memory");
  auto aShared = dyn_cast_if_present<SharedEncodingAttr>(aType.getEncoding());
  if (aShared && aShared.getTransposed())
    return fail("a transposed A operand is not supported yet");
  return *accDist;
}

void DotLoweringBase::lower(DotOp op, OpAdaptor adaptor,
                            ConversionPatternRewriter &rewriter,
                            const Distribution &accDist,
                            const WgmmaPlan *plan) const {
  auto aType = cast<RankedTensorType>(op.getA().getType());
  auto bType = cast<RankedTensorType>(op.getB().getType());
  int64_t k = aType.getDimSize(1);
  const MmaGeometry &g = accDist.geom;
  auto aShared = dyn_cast_if_present<SharedEncodingAttr>(aType.getEncoding());

  Location loc = op.getLoc();
  ThreadIds ids = ThreadIds::get(rewriter, loc);
  Value warpRow = accDist.warpRowBase(rewriter, loc, ids);

  // A shared A operand is read at each k step (a loop-invariant one was
  // read into registers before its loops by tilegpu-select-mma).
  auto aFragment = [&](int64_t mt, int64_t kt) -> Value {
    if (aShared)
      return loadSharedA(rewriter, loc, adaptor.getA(), aType, warpRow, ids,
                         g.mTileRow(mt), kt);
    return repackA(rewriter, loc, adaptor.getA(), aType, mt, kt);
  };

  SmallVector<Value> slots;
  if (plan)
    slots = lowerWgmma(rewriter, loc, adaptor, g, k, *plan,
                       matchPattern(op.getAcc(), m_AnyZeroFloat()),
                       op->hasAttr(TileGPUDialect::kAsyncAttrName), ids,
                       aFragment);
  else
    slots = lowerMmaSync(rewriter, loc, adaptor, g, k, bType, ids, aFragment);
  rewriter.replaceOpWithNewOp<vector::FromElementsOp>(
      op, adaptor.getAcc().getType(), slots);
}

//===----------------------------------------------------------------------===//
// The pattern
//===----------------------------------------------------------------------===//

namespace {

struct MmaSyncDotLowering : public DotLoweringBase {
  using DotLoweringBase::DotLoweringBase;

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<Distribution> accDist = matchMmaDot(op, /*report=*/true);
    if (failed(accDist))
      return failure();
    // Only wgmma issues a dot without waiting for it.
    if (op->hasAttr(TileGPUDialect::kAsyncAttrName))
      return op.emitOpError(
          "is asynchronous (tilegpu.async) but cannot be wgmma: the target "
          "has no wgmma (--mma), or a shared operand does not start on a "
          "1024-byte boundary");
    lower(op, adaptor, rewriter, *accDist, /*plan=*/nullptr);
    return success();
  }
};

} // namespace

void tessera::populateTileDotToMmaSyncPatterns(const TypeConverter &converter,
                                               RewritePatternSet &patterns) {
  patterns.add<MmaSyncDotLowering>(converter, patterns.getContext());
}
